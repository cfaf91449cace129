#!/usr/bin/env bash
# Makes sure the machine has what the test suite needs beyond npm packages: Java 17+ for
# DynamoDB Local, Debian's Chromium for the browser tests, ffmpeg/ffprobe for the listing videos
# and the DejaVu font their intro/outro titles are drawn with. As root it installs them with
# apt-get; otherwise it fails loudly (browser tests are never skipped).
set -euo pipefail

missing=()
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "ERROR: missing ${missing[*]}." >&2
echo "Install them (Debian/Ubuntu: sudo apt-get install -y ${missing[*]}) and run the command again." >&2
exit 1
