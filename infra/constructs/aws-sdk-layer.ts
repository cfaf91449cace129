import { Stack } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/** The CDK context key holding the built SDK layer's folder (set by buildApp). */
export const AWS_SDK_LAYER_CONTEXT = 'immo:awsSdkLayerDir';
const LAYER_ID = 'AwsSdkLayer';

/**
 * The AWS SDK layer (ADR 0765) of the stack holding `scope`: one layer version per stack (nested
 * stacks included), all from the same asset, so no stack depends on another for it. Undefined when
 * the app was built without one.
 */
export function awsSdkLayerOf(scope: Construct): ILayerVersion | undefined {
  const dir = scope.node.tryGetContext(AWS_SDK_LAYER_CONTEXT) as string | undefined;
  if (!dir) return undefined;
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(LAYER_ID) as ILayerVersion | undefined;
  return (
    existing ??
    new LayerVersion(stack, LAYER_ID, {
      code: Code.fromAsset(dir),
      compatibleRuntimes: [Runtime.NODEJS_22_X],
      compatibleArchitectures: [Architecture.ARM_64],
      description: "The AWS SDK packages the project's Lambdas use, tree-shaken ES modules (ADR 0765)",
    })
  );
}
