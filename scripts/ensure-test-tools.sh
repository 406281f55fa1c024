#!/usr/bin/env bash
# What the tests need from Debian, installed when missing (needs root, as on every machine of this
# project): Chromium for the browser tests (Playwright cannot download its own browser here) with
# its Portuguese (chromium-l10n: without it a date field reads mm/dd/yyyy and a file field "Choose
# File", as no Brazilian user sees them), poppler-utils (pdftotext, pdftoppm) to read back the PDFs the server makes,
# nginx (nginx -t checks deploy/nginx.conf; decision 039) and OpenStack Swift with memcached (the
# S3-compatible store of the storage tests, decision 038).
# Usage: ensure-test-tools.sh chromium | poppler-utils | nginx | swift  (any of them)
set -euo pipefail
faltam=()
for pacote in "$@"; do
  case "$pacote" in
    chromium)
      command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || faltam+=(chromium)
      [ -f /usr/lib/chromium/locales/pt-BR.pak ] || faltam+=(chromium-l10n)
      ;;
    poppler-utils) command -v pdftoppm >/dev/null 2>&1 || faltam+=(poppler-utils) ;;
    nginx) command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || faltam+=(nginx-light) ;;
    swift)
      command -v swift-proxy-server >/dev/null 2>&1 || faltam+=(swift swift-proxy swift-account swift-container swift-object)
      command -v memcached >/dev/null 2>&1 || faltam+=(memcached)
      ;;
    *) echo "Pacote desconhecido: $pacote" >&2; exit 2 ;;
  esac
done
[ ${#faltam[@]} -eq 0 ] && exit 0
echo "Faltam ${faltam[*]} para os testes: instalando do Debian…"
if [ "$(id -u)" -ne 0 ]; then
  echo "É preciso ser root para instalar (apt-get install -y ${faltam[*]})." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${faltam[@]}" >/dev/null
echo "Instalado: ${faltam[*]}"
