import { CfnResource, Validations, type App, type IPolicyValidationContext, type IPolicyValidationPlugin, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks, rules, type NagRuleResult } from 'cdk-nag';
import type { IConstruct } from 'constructs';


/**
 * cdk-nag v3 runs as a CDK validation plugin: any finding left unacknowledged fails
 * the synthesis (cdk synth exits 1, Template.fromStack throws), warnings included.
 * Every acknowledgement goes through `acknowledge()` below so it always has a reason.
 */
export function applyNag(app: App): AwsSolutionsChecks {
  const pack = new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true });
  // Order matters: the wildcard acknowledgements must exist before the pack looks.
  Validations.of(app).addPlugins(new AcknowledgeGrantWildcards(), pack);
  return pack;
}

/** One acknowledged cdk-nag finding on `scope` and everything below it. */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (reason.trim().length < 20) throw new Error(`cdk-nag acknowledgement ${id} on ${scope.node.path} needs a real reason`);
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * IAM wildcard findings (AwsSolutions-IAM5) that CDK's own grant methods produce on a
 * single named resource, each with the reason it is acceptable. Anything else, e.g. a
 * bare `Resource::*` or `Action::s3:*`, still fails the synthesis.
 */
/**
 * How cdk-nag prints the ARN of one resource: a reference `<Logical.Arn>`, an import
 * `Stack:ExportsOutput...`, or a literal S3 ARN; never containing a wildcard itself.
 */
const SINGLE_ARN = String.raw`(?:<[^<>*]+>|[A-Za-z0-9-]+:ExportsOutput[A-Za-z0-9]+|arn:<AWS::Partition>:s3:::[^*/]+)`;

const ACCEPTED_WILDCARDS: readonly { finding: RegExp; reason: string }[] = [
  {
    finding: new RegExp(`^Resource::${SINGLE_ARN}/index/\\*$`),
    reason: "grantReadWriteData on the one table: queries on the table's overloaded GSIs need table/index/*; no other table is reachable.",
  },
  {
    finding: new RegExp(`^Resource::${SINGLE_ARN}/\\*$`),
    reason: 'Objects of one named bucket (bucket ARN/*): handlers read, write and presign arbitrary keys in that bucket only.',
  },
  {
    finding: new RegExp(`^Resource::${SINGLE_ARN}:\\*$`),
    reason: "lambda:InvokeFunction on '<one function ARN>:*' (CDK grantInvoke): the state machine may call any version of its own task Lambda only.",
  },
  {
    finding: /^Resource::arn:<AWS::Partition>:ses:[a-z0-9-]+:<AWS::AccountId>:identity\/\*$/,
    reason: "ses:SendEmail on this account's SES identities of one region (ADR 0213): SES checks both the sender's and the recipients' identities, and recipients (brokers) are not known in advance.",
  },
  {
    finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
    reason: "CDK bucket.grantReadWrite action groups (object versions, tagging, multipart abort) limited to one bucket's ARN.",
  },
];

/**
 * Acknowledges the ACCEPTED_WILDCARDS findings, policy by policy. It is a validation
 * plugin registered before the pack rather than an aspect, because only after
 * synthesis are cross-stack references in their final form (`Stack:ExportsOutput...`),
 * which is the text the finding id carries. It reports no violation of its own.
 */
class AcknowledgeGrantWildcards implements IPolicyValidationPlugin {
  readonly name = 'immo-grant-wildcards';

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const root = (context as IPolicyValidationContext & { appConstruct?: IConstruct }).appConstruct;
    if (!root) throw new Error('aws-cdk-lib did not pass the construct tree to validation plugins (needs appConstruct)');
    for (const node of root.node.findAll()) {
      if (!(node instanceof CfnPolicy) || !CfnResource.isCfnResource(node)) continue;
      const result: NagRuleResult = rules.iam.IAMNoWildcardPermissions(node);
      if (!Array.isArray(result)) continue;
      for (const finding of result) {
        const accepted = ACCEPTED_WILDCARDS.find((a) => a.finding.test(finding));
        if (accepted) acknowledge(node, `AwsSolutions-IAM5[${finding}]`, accepted.reason);
      }
    }
    return { success: true, violations: [] };
  }
}
