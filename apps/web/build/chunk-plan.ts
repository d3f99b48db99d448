/**
 * Fewer files for the logged-in routes (ADR 025, "the chunk plan"). Automatic splitting gives every customer route
 * ~45 files, most of them 0.2–2 KB modules shared by the layout and the pages; Lighthouse's simulated phone fetches
 * them over six HTTP/1.1 connections at 150 ms a round trip. A first build (automatic splitting, not written) tells,
 * after tree-shaking, which chunks every page loads; the real build then puts their modules together:
 * - `app-entry`: every chunk the entry loads statically (loaded by every page already);
 * - `shell-common`: every chunk both the customer and the public layout load statically;
 * - `shell-customer`: every other chunk the customer layout loads statically (loaded by every customer route
 *   already), except those a public page also loads.
 * Byte for byte each public and customer route loads what it loaded before, in fewer files. Both sets are closed under static imports
 * (a closure minus a closure of others), so the chunks cannot import each other in a circle; `scripts/prerender.ts`
 * checks the output all the same.
 */
export interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  moduleIds?: string[];
  facadeModuleId?: string | null;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export interface ChunkPlan {
  'app-entry': string[];
  'shell-common': string[];
  'shell-customer': string[];
}

const CUSTOMER_LAYOUT = /[\\/]src[\\/]features[\\/]shell[\\/]components[\\/]CustomerLayout\.tsx$/;
const PUBLIC_LAYOUT = /[\\/]src[\\/]features[\\/]public[\\/]components[\\/]PublicLayout\.tsx$/;
/**
 * Dynamic imports of the public side: the public layout and pages, the login, the pages of `common` (not found,
 * coming soon) and libraries loaded lazily. A chunk any of them loads is left to automatic splitting, so a public page
 * never loads the customer shell. The staff console and SSO count as inside: they may load the shell's chunk (a few KB
 * more for them) rather than keep ~15 small files apart on every customer route.
 */
const PUBLIC_SIDE = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/](public|common|auth)[\\/]|[\\/]node_modules[\\/]/;

/** Share of the customer pages that must load a chunk for it to join the shell (the rest pay its bytes unused). */
const PAGE_KIT_SHARE = 0.5;

export function chunkPlan(output: OutputChunkLike[]): ChunkPlan {
  const chunks = new Map(output.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
  const closure = (roots: OutputChunkLike[]) => {
    const seen = new Set<string>();
    const stack = roots.map((r) => r.fileName);
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(chunks.get(file)?.imports ?? []));
    }
    return seen;
  };
  const all = [...chunks.values()];
  const entries = all.filter((c) => c.isEntry);
  const facade = (re: RegExp) => all.find((c) => c.isDynamicEntry && c.facadeModuleId && re.test(c.facadeModuleId));
  const layout = facade(CUSTOMER_LAYOUT);
  const publicLayout = facade(PUBLIC_LAYOUT);
  const outside = all.filter((c) => c.isDynamicEntry && c !== layout && (!c.facadeModuleId || PUBLIC_SIDE.test(c.facadeModuleId)));

  const entryFiles = closure(entries);
  const appEntry = [...entryFiles].filter((f) => !chunks.get(f)?.isEntry);
  const outsideFiles = closure(outside);
  const customerFiles = layout ? closure([layout]) : new Set<string>();
  const publicFiles = publicLayout ? closure([publicLayout]) : new Set<string>();
  const common = [...customerFiles].filter((f) => publicFiles.has(f) && !entryFiles.has(f));
  // The pages' common kit (alerts, skeletons, the contract guard, query keys): a chunk that most customer pages load.
  const pages = all.filter((c) => c.isDynamicEntry && c !== layout && !outside.includes(c) && /Page\.tsx$/.test(c.facadeModuleId ?? ''));
  const users = new Map<string, number>();
  for (const page of pages) for (const f of closure([page])) users.set(f, (users.get(f) ?? 0) + 1);
  const kit = [...users].filter(([f, n]) => n >= pages.length * PAGE_KIT_SHARE && !chunks.get(f)?.isDynamicEntry).map(([f]) => f);
  const shell = [...new Set([...customerFiles, ...kit])].filter((f) => !entryFiles.has(f) && !outsideFiles.has(f));
  const modules = (files: string[]) => files.flatMap((f) => chunks.get(f)?.moduleIds ?? []).filter((id) => !id.startsWith('\0'));
  return { 'app-entry': modules(appEntry), 'shell-common': modules(common), 'shell-customer': modules(shell) };
}

/** The group name function of a plan: the module's group, or automatic splitting. */
export function planGroups(plan: ChunkPlan) {
  const group = new Map<string, string>();
  for (const [name, ids] of Object.entries(plan)) for (const id of ids) group.set(id, name);
  return (moduleId: string) => group.get(moduleId) ?? null;
}
