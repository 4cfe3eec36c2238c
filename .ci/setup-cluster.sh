#!/usr/bin/env bash
# Install Debian's HAProxy (the load balancer of the cluster tests) and
# redis-server (the binary: the Redis-restart test runs a Redis of its own),
# idempotent. PostgreSQL and Redis themselves are the machine's services.
set -euo pipefail
missing=()
command -v haproxy >/dev/null || missing+=(haproxy)
command -v redis-server >/dev/null || missing+=(redis-server)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# the packages' own services are not needed: the tests start their own processes
for svc in haproxy; do
    if command -v systemctl >/dev/null && systemctl is-active --quiet "$svc" 2>/dev/null; then
        $SUDO systemctl stop "$svc" || true
    fi
done
command -v haproxy >/dev/null && command -v redis-server >/dev/null
echo "cluster tools installed: $(haproxy -v | head -1)"
