import { zodResolver } from '@hookform/resolvers/zod';
import { claimFormSchema } from '@guarita/domain';

/** The claim form's checks (zod and the domain's schema): loaded on the form's first touch (ADR 025). */
export const claimResolver = zodResolver(claimFormSchema);
