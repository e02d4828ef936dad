import { refundPolicy } from '../../content/policies';
import { PolicyDocument } from './components/policy-document';

export function RefundPage() {
  return <PolicyDocument {...refundPolicy} />;
}
