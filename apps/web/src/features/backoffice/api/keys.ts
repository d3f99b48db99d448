/** Query keys of the staff console. */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  me: () => ['backoffice', 'me'] as const,
  queue: (filters: Record<string, string>) => ['backoffice', 'queue', filters] as const,
  counts: () => ['backoffice', 'counts'] as const,
  queueNew: (desde: string) => ['backoffice', 'queue-new', desde] as const,
  slaTargets: () => ['backoffice', 'sla-targets'] as const,
  case: (caseNumber: string) => ['backoffice', 'case', caseNumber] as const,
  finance: () => ['backoffice', 'finance'] as const,
  latePix: (filters: Record<string, string>) => ['backoffice', 'finance', 'late-pix', filters] as const,
  advances: (filters: Record<string, string>) => ['backoffice', 'finance', 'advances', filters] as const,
  links: (filters: Record<string, string>) => ['backoffice', 'finance', 'links', filters] as const,
  payments: (filters: Record<string, string>) => ['backoffice', 'finance', 'payments', filters] as const,
  payment: (metodo: string, id: string) => ['backoffice', 'finance', 'payment', metodo, id] as const,
};
