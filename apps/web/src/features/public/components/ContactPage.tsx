import { PageTitle } from '../../../components/ui/PageTitle';

export default function ContactPage() {
  return <PageTitle>Contact</PageTitle>;
}
