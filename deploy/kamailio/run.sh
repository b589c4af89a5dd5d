#!/bin/sh
# Starts the SIP server (Kamailio) with the repository's configuration, its parameters taken from the
# environment (docs/voip.md):
#   DATABASE_URL  the console's PostgreSQL database, postgres://user[:password]@host[:port]/name
#   SIP_DOMAIN    the console's SIP domain (company N is cN.SIP_DOMAIN)
#   SIP_LISTEN    address to listen on (default 0.0.0.0), SIP_PORT (UDP and TCP, default 5060),
#   SIP_WS_PORT   SIP over WebSocket for browser softphones (default 8088), SIP_CHILDREN (default 4)
#   SIP_SHM_MB    shared memory in MB (default 256: registrations, calls, TCP/WebSocket connections)
#   SIP_CTL       the control socket for kamcmd (default $XDG_RUNTIME_DIR or /tmp, vap-kamailio.ctl)
# Extra arguments go to kamailio (e.g. -DD -E to stay in the foreground and log to stderr).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
: "${DATABASE_URL:?DATABASE_URL: the console's PostgreSQL database}"
: "${SIP_DOMAIN:?SIP_DOMAIN: the console's SIP domain}"
listen="${SIP_LISTEN:-0.0.0.0}"
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) echo "DATABASE_URL must be a postgres:// URL (the SIP server needs PostgreSQL)" >&2; exit 1 ;;
esac
db="postgres://${DATABASE_URL#*://}"
db="${db%%\?*}"
case "$db$SIP_DOMAIN" in
  *'"'* | *' '* | *\\*) echo "DATABASE_URL and SIP_DOMAIN must not hold quotes, spaces or backslashes" >&2; exit 1 ;;
esac
# usrloc writes registration times without a zone: the SIP server runs in UTC.
export TZ=UTC
exec kamailio -f "$here/kamailio.cfg" -m "${SIP_SHM_MB:-256}" -M 16 \
  -A "DBURL=\"$db\"" -A "SQLCON=\"voip=>$db\"" -A "SIP_DOMAIN=\"$SIP_DOMAIN\"" \
  -A "LISTEN_UDP=udp:$listen:${SIP_PORT:-5060}" -A "LISTEN_TCP=tcp:$listen:${SIP_PORT:-5060}" \
  -A "LISTEN_WS=tcp:$listen:${SIP_WS_PORT:-8088}" -A "CHILDREN=${SIP_CHILDREN:-4}" \
  -A "CTL_SOCKET=\"unix:${SIP_CTL:-${XDG_RUNTIME_DIR:-/tmp}/vap-kamailio.ctl}\"" "$@"
