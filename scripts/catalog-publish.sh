#!/usr/bin/env bash
# The live path's job (issue 33), for a host with internet (a scheduled CI job: .github/workflows/catalog-refresh.yml,
# or cron): fetch the newest public SkyPilot price catalogs, refresh the catalog from them over catalog/reference,
# and write SITE_DIR/catalog.json, which the page served from SITE_DIR uses instead of its bundled prices when it
# validates and is newer (web/ui/app.js loadLiveCatalog). Nothing here runs at the page's run time.
#
#   bash scripts/catalog-publish.sh SITE_DIR [FOLDER]
#
# FOLDER: price files already fetched (SkyPilot-style vms.csv per cloud and/or reference-column CSVs, with an
# optional evidence.csv); without it they are downloaded into a temporary folder from CATALOG_SOURCE_BASE.
# Needs node, npm ci done, and the native CLI (build/native/gpu-sizer: the validator). Example crontab line:
#   17 4 * * 1  cd /srv/gpu-sizer && git pull -q && bash scripts/catalog-publish.sh /var/www/gpu-sizer
set -euo pipefail
cd "$(dirname "$0")/.."
site="${1:?usage: catalog-publish.sh SITE_DIR [FOLDER]}"
folder="${2:-}"
# SkyPilot's public catalog repository (the source of catalog/reference's snapshots; catalog/reference/SOURCES.md).
base="${CATALOG_SOURCE_BASE:-https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v9}"
clouds="${CATALOG_CLOUDS:-aws lambda runpod nebius cudo vast fluidstack}"
if [ -z "$folder" ]; then
  folder="$(mktemp -d)"
  trap 'rm -rf "$folder"' EXIT
  for c in $clouds; do
    mkdir -p "$folder/$c"
    if ! curl -fsSL --retry 3 "$base/$c/vms.csv" -o "$folder/$c/vms.csv"; then
      echo "catalog-publish: $c: not fetched, its rows stay as catalog/reference has them" >&2
      rm -rf "${folder:?}/$c"
    fi
  done
fi
[ -x build/native/gpu-sizer ] || { cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build/native --target gpu-sizer; }
out="$(mktemp -d)"
mkdir -p "$site"
# --out: a scratch copy (the committed catalog/ is not touched); --publish: the file the site serves.
npm run --silent catalog:refresh -- "$folder" --out "$out" --publish "$site/catalog.json.new"
mv "$site/catalog.json.new" "$site/catalog.json"
# The page requests the file only where the site names it (web/page.js): name it in the site's index.html.
if [ -f "$site/index.html" ] && ! grep -q 'gpu-sizer-live-catalog' "$site/index.html"; then
  sed -i 's#<head>#<head>\n<meta name="gpu-sizer-live-catalog" content="catalog.json">#' "$site/index.html"
fi
rm -rf "$out"
echo "catalog-publish: wrote $site/catalog.json" >&2
