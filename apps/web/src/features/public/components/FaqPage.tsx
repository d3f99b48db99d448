import { PageTitle } from '../../../components/ui/PageTitle';

export default function FaqPage() {
  return <PageTitle>Faq</PageTitle>;
}
