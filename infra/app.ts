/**
 * The CDK app (cdk.json: `npx tsx infra/app.ts`). Synthesizes offline: no lookups.
 * Bundles every operation first (one esbuild call, ~1 s), so `cdk synth` works on a
 * fresh clone and never ships a stale bundle.
 */
import { App } from 'aws-cdk-lib';
import { operations } from '../shared/catalogue/index.ts';
import { bundleForApp, buildApp, webDistIfBuilt } from './build-app.ts';
import { workflows } from './workflows.ts';

const app = new App();
const { codeFor, awsSdkLayerDir } = await bundleForApp(operations, { workflows, log: (text) => console.error(`Lambda bundles:\n${text}`) });
const webDistDir = webDistIfBuilt();
if (!webDistDir) console.error('web/dist not built: the web stack deploys no site content (run npm run build:web first).');
buildApp({ app, operations, workflows, codeFor, awsSdkLayerDir, webDistDir });
app.synth();
