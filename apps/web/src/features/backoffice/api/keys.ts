/** Query keys of the staff console. */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  me: () => ['backoffice', 'me'] as const,
  queue: (filters: Record<string, string>) => ['backoffice', 'queue', filters] as const,
  counts: () => ['backoffice', 'counts'] as const,
  case: (caseNumber: string) => ['backoffice', 'case', caseNumber] as const,
};
