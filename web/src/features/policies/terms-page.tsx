import { termsOfService } from '../../content/policies';
import { PolicyDocument } from './components/policy-document';

export function TermsPage() {
  return <PolicyDocument {...termsOfService} />;
}
