/** `tel:` link for a phone as configured ('0800 000 1010', '(31) 3333-4444'). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
