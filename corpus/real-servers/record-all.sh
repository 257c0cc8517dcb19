#!/bin/bash
# Records every package of packages.txt the way PROVENANCE.md describes, then joins them.
#
# usage: bash record-all.sh <work-dir> [jobs] [packages-file] [output.jsonl]
# (defaults: packages.txt and servers.jsonl; the held-out set is
# `bash record-all.sh <work-dir> 4 heldout-packages.txt heldout.jsonl` with a work dir of its own,
# the second one `bash record-all.sh <work-dir> 3 heldout2-packages.txt heldout2.jsonl`.)
# Each line of packages.txt is `package|server args`; `$DIR` in the args stands for the work
# dir. Each package is installed alone into <work-dir>/pk/<name> with --ignore-scripts, started
# by record.mjs with the fake credentials below (no real key, no real service), and its
# node_modules removed again. A recording already in <work-dir>/out is kept, so a rerun only
# tries what is missing. Needs network access to the npm registry, node and jq.
set -u
DIR=$(realpath "${1:?usage: record-all.sh <work-dir> [jobs]}")
JOBS=${2:-2}
HERE=$(dirname "$(realpath "$0")")
LIST=$(realpath "${3:-$HERE/packages.txt}")
OUT=${4:-servers.jsonl}
mkdir -p "$DIR/out" "$DIR/pk"
cat > "$DIR/fake-oauth.json" <<'JSON'
{"installed":{"client_id":"fake.apps.googleusercontent.com","client_secret":"fake","redirect_uris":["http://localhost"]}}
JSON
# Fake credentials only: enough for a server to start and list its tools. URLs point at a
# closed local port so that nothing reaches a real service.
export BRAVE_API_KEY=fake-key GITHUB_PERSONAL_ACCESS_TOKEN=ghp_fake GITLAB_PERSONAL_ACCESS_TOKEN=fake \
  GITLAB_API_URL=http://127.0.0.1:9/api/v4 GOOGLE_MAPS_API_KEY=fake SLACK_BOT_TOKEN=xoxb-fake \
  SLACK_TEAM_ID=T000 SLACK_MCP_XOXP_TOKEN=xoxp-fake EVERART_API_KEY=fake AWS_ACCESS_KEY_ID=AKIAFAKE \
  AWS_SECRET_ACCESS_KEY=fake AWS_REGION=us-east-1 NOTION_TOKEN=fake OPENAPI_MCP_HEADERS='{}' \
  CIRCLECI_TOKEN=fake HEROKU_API_KEY=fake PRIVATE_APP_ACCESS_TOKEN=fake LAUNCHDARKLY_API_KEY=fake \
  MAPBOX_ACCESS_TOKEN=pk.fake SENTRY_ACCESS_TOKEN=fake SUPABASE_ACCESS_TOKEN=fake PERPLEXITY_API_KEY=fake \
  ES_URL=http://127.0.0.1:9 ES_API_KEY=fake ASANA_ACCESS_TOKEN=fake \
  AZURE_DEVOPS_ORG_URL=https://dev.azure.example.com/org AZURE_DEVOPS_AUTH_METHOD=pat AZURE_DEVOPS_PAT=fake \
  ATLASSIAN_SITE_NAME=example ATLASSIAN_USER_EMAIL=a@example.com ATLASSIAN_API_TOKEN=fake \
  TRELLO_API_KEY=fake TRELLO_TOKEN=fake TRELLO_BOARD_ID=fake NEON_API_KEY=fake BROWSERBASE_API_KEY=fake \
  BROWSERBASE_PROJECT_ID=fake ROLLBAR_ACCESS_TOKEN=fake QASE_API_TOKEN=fake \
  SALESFORCE_CONNECTION_TYPE=User_Password SALESFORCE_USERNAME=a SALESFORCE_PASSWORD=b SALESFORCE_TOKEN=c \
  DOPPLER_TOKEN=fake MYSQL_HOST=127.0.0.1 MYSQL_PORT=9 MYSQL_USER=x MYSQL_PASS=x MYSQL_DB=x \
  FIRECRAWL_API_KEY=fake TAVILY_API_KEY=fake EXA_API_KEY=fake LINEAR_API_KEY=lin_api_fake \
  STRIPE_SECRET_KEY=sk_test_fake DD_API_KEY=fake DD_APP_KEY=fake DD_SITE=127.0.0.1 \
  DT_ENVIRONMENT=https://abc12345.apps.dynatrace.com DT_PLATFORM_TOKEN=dt0s16.fake SHORTCUT_API_TOKEN=fake \
  APIFY_TOKEN=fake CURRENTS_API_KEY=fake Z_AI_API_KEY=fake Z_AI_MODE=ZHIPU MORPH_API_KEY=fake \
  BACKLOG_DOMAIN=example.backlog.com BACKLOG_API_KEY=fake INSTANT_APP_ID=fake INSTANT_ADMIN_TOKEN=fake \
  ARGOCD_BASE_URL=http://127.0.0.1:9 ARGOCD_API_TOKEN=fake API_TOKEN=fake AMAP_MAPS_API_KEY=fake \
  PINECONE_API_KEY=fake POSTMAN_API_KEY=fake AIRTABLE_API_KEY=patfake.fake REPLICATE_API_TOKEN=r8_fake \
  FIGMA_ACCESS_TOKEN=figd_fake FIGMA_API_KEY=fake RESEND_API_KEY=re_fake SENDER_EMAIL_ADDRESS=a@example.com \
  BITBUCKET_USERNAME=a BITBUCKET_APP_PASSWORD=fake BITBUCKET_TOKEN=fake BITBUCKET_BASE_URL=http://127.0.0.1:9 \
  CODACY_ACCOUNT_TOKEN=fake SEARXNG_URL=http://127.0.0.1:9 COSMOSDB_URI=http://127.0.0.1:9 COSMOSDB_KEY=fake \
  COSMOS_ENDPOINT=http://127.0.0.1:9 JIRA_HOST=127.0.0.1:9 JIRA_API_TOKEN=fake \
  ATLASSIAN_DC_MCP_JIRA_HOST=127.0.0.1:9 MONDAY_TOKEN=fake FOREST_ENV_SECRET=fake FOREST_AUTH_SECRET=fake \
  CHANNEL_ACCESS_TOKEN=fake DESTINATION_USER_ID=U000 GOOGLE_OAUTH_CREDENTIALS="$DIR/fake-oauth.json" \
  GOOGLE_CLIENT_ID=fake GOOGLE_CLIENT_SECRET=fake MS365_MCP_CLIENT_ID=fake NETLIFY_PERSONAL_ACCESS_TOKEN=fake \
  CLOUDBASE_ENV_ID=fake TENCENTCLOUD_SECRETID=fake TENCENTCLOUD_SECRETKEY=fake HOSTINGER_API_TOKEN=fake \
  TODOIST_API_TOKEN=fake TELNYX_API_KEY=fake VERCEL_API_TOKEN=fake COOLIFY_ACCESS_TOKEN=fake \
  COOLIFY_BASE_URL=http://127.0.0.1:9 METABASE_URL=http://127.0.0.1:9 METABASE_API_KEY=fake HEVY_API_KEY=fake \
  DIGITALOCEAN_API_TOKEN=fake PLANE_API_KEY=fake PLANE_WORKSPACE_SLUG=fake PLANE_API_HOST_URL=http://127.0.0.1:9 \
  GLEAN_INSTANCE=fake GLEAN_API_TOKEN=fake GRAFANA_URL=http://127.0.0.1:9 GRAFANA_API_KEY=fake SERPER_API_KEY=fake \
  DATAFORSEO_USERNAME=fake DATAFORSEO_PASSWORD=fake BROWSERSTACK_USERNAME=fake BROWSERSTACK_ACCESS_KEY=fake \
  VARIFLIGHT_API_KEY=fake GOOGLE_API_KEY=fake GOOGLE_CSE_ID=fake GOOGLE_SEARCH_ENGINE_ID=fake \
  ATLASSIAN_DC_MCP_CONFLUENCE_HOST=127.0.0.1:9 CONFLUENCE_HOST=127.0.0.1:9 CONFLUENCE_API_TOKEN=fake \
  CONFLUENCE_URL=http://127.0.0.1:9 CONFLUENCE_USERNAME=a@example.com JIRA_URL=http://127.0.0.1:9 \
  JIRA_USERNAME=a@example.com CLOUDFLARE_API_TOKEN=fake CLOUDFLARE_ACCOUNT_ID=fake SUPABASE_URL=http://127.0.0.1:9 \
  SUPABASE_KEY=fake SUPABASE_SERVICE_ROLE_KEY=fake CREEM_API_KEY=fake ZAPIER_API_KEY=fake \
  DATABASE_URL=postgresql://127.0.0.1:9/x MONGODB_URI=mongodb://127.0.0.1:9/x GEMINI_API_KEY=fake \
  OPENAI_API_KEY=sk-fake ANTHROPIC_API_KEY=fake TWITTER_API_KEY=fake HUGEICONS_API_KEY=fake \
  BITBUCKET_WORKSPACE=fake EMAIL_ADDRESS=a@example.com EMAIL_PASSWORD=fake IMAP_HOST=127.0.0.1 SMTP_HOST=127.0.0.1
export PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NX_DAEMON=false \
  NO_UPDATE_NOTIFIER=1 npm_config_update_notifier=false
export DIR HERE

one() {
  local line=$1 pkg args name d
  pkg=${line%%|*}; args=""; [[ $line == *"|"* ]] && args=${line#*|}
  args=${args//\$DIR/$DIR}
  name=$(echo "$pkg" | sed 's/@//; s/\//__/g')
  [ -s "$DIR/out/$name.json" ] && return 0
  d=$DIR/pk/$name; mkdir -p "$d"; echo '{}' > "$d/package.json"
  if ! (cd "$d" && timeout 300 nice npm install --no-audit --no-fund --ignore-scripts \
      --legacy-peer-deps "$pkg" > install.log 2>&1); then
    echo "INSTALL FAIL $pkg"; rm -rf "$d/node_modules"; return 0
  fi
  # shellcheck disable=SC2086 # the args are split on purpose
  if timeout 90 nice node "$HERE/record.mjs" "$d" "$pkg" $args > "$DIR/out/$name.json" \
      2> "$DIR/out/$name.err"; then
    echo "OK $pkg $(jq '.tools|length' "$DIR/out/$name.json") tools, licence $(jq -r .license "$DIR/out/$name.json")"
  else
    echo "RUN FAIL $pkg: $(head -c 200 "$DIR/out/$name.err")"
  fi
  rm -rf "$d/node_modules"
}
export -f one
grep -v '^\s*\(#\|$\)' "$LIST" | tr '\n' '\0' | xargs -0 -P "$JOBS" -I{} bash -c 'one "$1"' _ {}
python3 "$HERE/assemble.py" "$DIR/out" "$OUT"
