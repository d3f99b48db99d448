/**
 * The contact form ("Fale conosco", 000 §2): four required fields, checked the same way in the form and at the
 * API. A module without zod: the prerendered contact page needs the limits on load, the schema only once the
 * visitor touches the form (ADR 025).
 */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LIMITS: Record<ContactField, number> = { name: 120, email: 200, phone: 20, message: 2000 };
