import { installSourceMappedStacks } from './source-mapped-stacks.ts';

/**
 * What every Lambda bundle runs before its handler's modules: each bundle's entry imports it first
 * (scripts/build/bundle.ts). In a bundle, `import.meta.url` is the bundle's own file.
 */
installSourceMappedStacks(import.meta.url);
