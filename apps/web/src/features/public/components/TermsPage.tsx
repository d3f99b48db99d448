import { PageTitle } from '../../../components/ui/PageTitle';

export default function TermsPage() {
  return <PageTitle>Terms</PageTitle>;
}
