import type { ClaimReason } from './form-fields';

/** A contract item as the contract detail lists it (kind: roubo_furto, colisao, vidros, …). */
export interface CoverageItem {
  kind: string;
  code?: string;
}

export interface ClaimCoverage {
  /** A collision coverage item under the insurance service. */
  collision: boolean;
  /** A glass service item. */
  glass: boolean;
}

/** The contract's claim coverage from its items (002 §6). */
export function claimCoverage(items: readonly CoverageItem[]): ClaimCoverage {
  return {
    collision: items.some((i) => i.kind === 'colisao'),
    glass: items.some((i) => i.kind === 'vidros'),
  };
}

/**
 * The reason choices (002 §6): both → Colisão, Vidros, Danos da natureza, Incêndio; collision only →
 * Colisão, Danos da natureza, Incêndio; glass only → Vidros; neither → none (the blocking modal).
 */
export function claimReasonOptions(c: ClaimCoverage): ClaimReason[] {
  if (c.collision && c.glass) return ['Colisão', 'Vidros', 'Danos da natureza', 'Incêndio'];
  if (c.collision) return ['Colisão', 'Danos da natureza', 'Incêndio'];
  if (c.glass) return ['Vidros'];
  return [];
}

export const canCreateClaims = (c: ClaimCoverage) => c.collision || c.glass;

/** 'Colisão', 'Vidros' or 'Colisão/Vidros': what the coverage yields (002 §6). */
export function coverageLabel(c: ClaimCoverage): string | null {
  if (c.collision && c.glass) return 'Colisão/Vidros';
  if (c.collision) return 'Colisão';
  if (c.glass) return 'Vidros';
  return null;
}
