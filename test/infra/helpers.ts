import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validations, type App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { ImmoApp } from '../../infra/build-app.ts';

export type CfnTemplate = { Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }> };

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Every template of the app, nested stacks included, by stack path. */
export function allTemplates(built: ImmoApp): Map<string, CfnTemplate> {
  const stacks: Stack[] = [built.data, built.workflows, built.api, ...built.api.operationStacks, built.web, built.monitoring];
  return new Map(stacks.map((s) => [s.node.path, Template.fromStack(s).toJSON() as CfnTemplate]));
}

export function resourcesOfType(template: CfnTemplate, type: string): [string, NonNullable<CfnTemplate['Resources'][string]>][] {
  return Object.entries(template.Resources).filter(([, r]) => r.Type === type);
}

/** Re-runs the AwsSolutions pack on the synthesized tree: the violations left unacknowledged. */
export function nagViolations(app: App): { rule: string; paths: string[] }[] {
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations.map((v) => ({ rule: v.ruleName, paths: v.violatingResources.map((r) => r.constructPath ?? '?') }));
}

/** Every acknowledgement (cdk-nag suppression) in the tree: where, which rule, why. */
export function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  const out: { path: string; id: string; reason: string }[] = [];
  for (const node of root.node.findAll()) {
    for (const entry of node.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || !entry.data) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, unknown>)) {
        out.push({ path: node.node.path, id, reason: typeof reason === 'string' ? reason : JSON.stringify(reason) });
      }
    }
  }
  return out;
}
