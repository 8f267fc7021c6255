#!/usr/bin/env bash
# Exposure rules: a unix socket by default; any TCP address (loopback too) needs a token; weak
# tokens and token files others can read are refused at start; wrong or missing tokens are refused
# with UNAUTHENTICATED; a client sends a token in clear text to another host only when told to
# (--plaintext-token); TLS works with a certificate.
source "$(dirname "$0")/lab.sh"
lab_up
in_lab ip addr add 10.77.0.1/32 dev lo
if in_lab "$DRONE" --listen 10.77.0.1:7879 2>"$LAB_TMP/err"; then echo "FAIL drone listened without a token"; exit 1; fi
expect_error "reachable from other hosts: give an access token with --token-file"
if in_lab "$DRONE" --listen 127.0.0.1:7879 2>"$LAB_TMP/err"; then echo "FAIL drone listened on loopback TCP without a token"; exit 1; fi
expect_error "reachable by every user of this host: give an access token with --token-file"
(umask 022; "$DRONE" --generate-token "$LAB_TMP/shared" >/dev/null; chmod 644 "$LAB_TMP/shared")
if in_lab "$DRONE" --listen 10.77.0.1:7879 --token-file "$LAB_TMP/shared" 2>"$LAB_TMP/err"; then echo "FAIL a world-readable token file accepted"; exit 1; fi
expect_error "can be read by every user of this host: keep it to its owner (chmod o-r $LAB_TMP/shared)"
(umask 077; echo "s3cret" >"$LAB_TMP/weak")
if in_lab "$DRONE" --listen 10.77.0.1:7879 --token-file "$LAB_TMP/weak" 2>"$LAB_TMP/err"; then echo "FAIL a 6-character token accepted"; exit 1; fi
expect_error "the token is only 6 characters"
"$DRONE" --generate-token "$LAB_TMP/token" >/dev/null
[[ $(stat -c %a "$LAB_TMP/token") == 600 ]] && echo "ok   generated token file is owner-only" || { echo "FAIL token file mode $(stat -c %a "$LAB_TMP/token")"; exit 1; }
"$DRONE" --generate-token "$LAB_TMP/wrong" >/dev/null
PROBE_ARGS="--drone 10.77.0.1:7879 --token-file $LAB_TMP/token --plaintext-token" start_drone --listen 10.77.0.1:7879 --token-file "$LAB_TMP/token"
if cli ports --drone 10.77.0.1:7879 2>"$LAB_TMP/err"; then echo "FAIL no token accepted"; exit 1; fi
expect_error "missing or wrong access token"
if cli ports --drone 10.77.0.1:7879 --token-file "$LAB_TMP/wrong" --plaintext-token 2>"$LAB_TMP/err"; then echo "FAIL wrong token accepted"; exit 1; fi
expect_error "missing or wrong access token"
if cli ports --drone 10.77.0.1:7879 --token-file "$LAB_TMP/token" 2>"$LAB_TMP/err"; then echo "FAIL a token sent in clear text unasked"; exit 1; fi
expect_error "the access token would cross the network in clear text"
cli ports --drone 10.77.0.1:7879 --token-file "$LAB_TMP/token" --plaintext-token | grep -q '^va ' && echo "ok   right token accepted"
stop_drone
# TLS with a self-signed certificate for the address.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=10.77.0.1" -addext "subjectAltName=IP:10.77.0.1" \
  -keyout "$LAB_TMP/key.pem" -out "$LAB_TMP/cert.pem" 2>/dev/null
ip netns exec "$LAB_NS" "$DRONE" --listen 10.77.0.1:7880 --token-file "$LAB_TMP/token" --tls-cert "$LAB_TMP/cert.pem" \
  --tls-key "$LAB_TMP/key.pem" >"$LAB_TMP/drone.log" 2>&1 &
DRONE_PID=$!
for _ in $(seq 50); do cli ports --drone 10.77.0.1:7880 --token-file "$LAB_TMP/token" --ca "$LAB_TMP/cert.pem" >/dev/null 2>&1 && break; sleep 0.1; done
cli ports --drone 10.77.0.1:7880 --token-file "$LAB_TMP/token" --ca "$LAB_TMP/cert.pem" | grep -q '^va ' && echo "ok   TLS + token"
if cli ports --drone 10.77.0.1:7880 --token-file "$LAB_TMP/token" --plaintext-token 2>"$LAB_TMP/err"; then echo "FAIL plaintext client talked to a TLS drone"; exit 1; fi
echo "ok   plaintext client refused by the TLS drone"
