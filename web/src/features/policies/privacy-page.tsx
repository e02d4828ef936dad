import { privacyPolicy } from '../../content/policies';
import { PolicyDocument } from './components/policy-document';

export function PrivacyPage() {
  return <PolicyDocument {...privacyPolicy} />;
}
