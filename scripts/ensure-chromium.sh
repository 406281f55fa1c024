#!/usr/bin/env bash
# The browser tests use Debian's Chromium (Playwright cannot download its own browser here).
# Installs it when missing; needs root, as on every machine of this project.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "Chromium não encontrado: instalando o pacote chromium do Debian…"
if [ "$(id -u)" -ne 0 ]; then
  echo "É preciso ser root para instalar (apt-get install -y chromium)." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
echo "Chromium instalado: $(chromium --version 2>/dev/null || echo /usr/bin/chromium)"
