#!/usr/bin/env bash
# Installs the Debian packages the test suites need (a browser for e2e, PostgreSQL for the server-database
# run, the offline speech engines: flite and espeak-ng to speak, pocketsphinx to listen, sox for audio files;
# SIPp, Debian's sip-tester, as an independent SIP peer).
# Idempotent and quick when everything is present; on other systems it only says what to install.
set -euo pipefail

packages=(chromium postgresql flite espeak-ng pocketsphinx pocketsphinx-en-us sox sip-tester)
commands=(/usr/bin/chromium /usr/lib/postgresql/15/bin/initdb /usr/bin/flite /usr/bin/espeak-ng
  /usr/bin/pocketsphinx_continuous /usr/share/pocketsphinx/model/en-us/en-us/mdef /usr/bin/sox /usr/bin/sipp)

missing=()
for i in "${!packages[@]}"; do
  [ -e "${commands[$i]}" ] || missing+=("${packages[$i]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "The test suites need these system packages: ${missing[*]}" >&2
echo "  Debian/Ubuntu: sudo apt-get install --no-install-recommends ${missing[*]}" >&2
echo "  Other systems: install Chromium (at /usr/bin/chromium, or set CHROMIUM_PATH) and PostgreSQL 15." >&2
echo "  Without flite and pocketsphinx the speech tests skip, saying so; without sipp, the SIPp tests." >&2
# Only the browser is needed by npm test itself; PostgreSQL is for the second database run.
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || exit 1
