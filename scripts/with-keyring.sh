#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a throwaway, unlocked gnome-keyring, so tests use a
# real Secret Service without ever touching the developer's own keyring.
#   scripts/with-keyring.sh <command> [args…]
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "with-keyring: needs dbus-run-session and gnome-keyring-daemon (Debian: apt-get install dbus gnome-keyring)" >&2
  exit 2
fi
scratch_home=$(mktemp -d -t operately-tray-keyring.XXXXXX)
trap 'rm -rf "$scratch_home"' EXIT
export HOME="$scratch_home" XDG_DATA_HOME="$scratch_home/.local/share" XDG_RUNTIME_DIR="$scratch_home/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
# Inside the session: unlock a new login keyring with an empty password, then run the command.
exec dbus-run-session -- bash -c 'printf "\n" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' with-keyring "$@"
