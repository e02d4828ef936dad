#!/usr/bin/env bash
# The mutation score run file by file (docs/mutation.md, "Per-file runs"), for a shared machine:
# one test runner, the rules' specs only (STRYKER_RULES_ONLY, vitest.stryker.config.ts), each file
# with its own incremental file and JSON report in reports/mutation/files/; then bench/mutation.ts
# sums every report into bench/report.json. With no arguments, every file of lambdas/domain/
# (--allowEmpty: a file of types only, such as api.ts, has no mutants and so no tests to run).
#   npm run mutate:files -- lambdas/domain/refunds.ts lambdas/domain/ledger.ts
set -uo pipefail
mkdir -p reports/mutation/files
if [ "$#" -eq 0 ]; then set -- $(find lambdas/domain -name '*.ts' | sort); fi
# A whole run's report is kept beside the per-file ones (its mtime too), the newest counting.
if [ -f reports/mutation/mutation.json ]; then
  mv reports/mutation/mutation.json reports/mutation/files/whole-run.json
fi
failed=0
for file in "$@"; do
  name=$(printf '%s' "${file%.ts}" | sed 's#/#__#g')
  rm -f reports/mutation/mutation.json
  if ! STRYKER_RULES_ONLY=1 npx stryker run --mutate "$file" --concurrency 1 --incremental --allowEmpty \
    --incrementalFile "reports/mutation/files/$name.incremental.json" \
    --reporters json,clear-text,progress; then
    echo "Stryker failed on $file" >&2
    failed=1
  elif [ -f reports/mutation/mutation.json ]; then
    mv reports/mutation/mutation.json "reports/mutation/files/$name.json"
  else
    echo "$file: no mutants (types only), nothing to report"
  fi
done
npx tsx bench/mutation.ts
exit "$failed"
