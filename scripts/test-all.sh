#!/usr/bin/env bash
# npm test: the whole suite, browser tests included, as CI runs it (.ci/run).
# typecheck → lint → unit → integration (DynamoDB Local + s3rver) → infra (cdk synth) → e2e (Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
# Never let the CDK probe the EC2 metadata address for an account: everything here is offline.
export AWS_EC2_METADATA_DISABLED=true

[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-prerequisites.sh

report_dir=.tmp/test-reports
rm -rf "$report_dir" && mkdir -p "$report_dir"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "typecheck" && npm run --silent typecheck
step "lint" && npm run --silent lint
step "build web" && npx vite build --config web/vite.config.ts --logLevel warn
for project in unit integration infra e2e; do
  step "tests: $project"
  npx vitest run --project "$project" --reporter=default --reporter=json --outputFile.json="$report_dir/$project.json"
done

node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0;
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
  }
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed ? 1 : 0);
' "$report_dir"
