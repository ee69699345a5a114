/**
 * Which modules of the package root its ES module bundle loads on first use, by group: each group is a CommonJS
 * chunk, `dist/index-<group>.cjs` (scripts/lib/lazy-root.ts bundles them, the generated registry requires them).
 * A validation never reaches them; paths are from the repository root.
 */
export const LAZY_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  convert: ['src/library/convert/convert.ts', 'src/library/convert/detect-wire.ts', 'src/library/convert/migrate-card.ts'],
  message: ['src/library/validate-message.ts', 'src/library/validate-text.ts'],
  explain: ['src/engine/create-explainer.ts', 'src/engine/issues.ts'],
  signatures: ['src/library/signatures/bindu.ts'],
};

/** The chunk file of a group, relative to dist/. */
export const chunkFile = (group: string): string => `index-${group}.cjs`;
