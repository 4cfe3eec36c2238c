#!/usr/bin/env bash
# Install Debian's Chromium for the Playwright browser tests (idempotent).
# Playwright (pip) drives /usr/bin/chromium through executable_path: we never
# run `playwright install`, which downloads its own browser build.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
test -x /usr/bin/chromium
echo "chromium installed: $(/usr/bin/chromium --version 2>/dev/null || true)"
