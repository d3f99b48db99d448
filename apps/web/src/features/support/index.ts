// The support page's contract with the request forms other features plug into REQUEST_FORMS (vehicle change, spare car).
export type { RequestFormProps, SupportFormValues } from './components/request-forms';
