import { PageTitle } from '../../../components/ui/PageTitle';

export default function PrivacyPage() {
  return <PageTitle>Privacy</PageTitle>;
}
