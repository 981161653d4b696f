"""Verifies a Lapak webhook delivery (Standard Webhooks scheme) with Python's standard library only.

Usage: LAPAK_WEBHOOK_SECRET=whsec_... python3 verify-webhook.py BODY_FILE HEADERS_JSON_FILE
BODY_FILE holds the raw request body, byte for byte; HEADERS_JSON_FILE the request headers as a
JSON object. Exits 0 when the delivery is authentic and fresh, 1 when it is not.
"""
import base64
import hashlib
import hmac
import json
import os
import sys
import time

TOLERANCE_SECONDS = 5 * 60


def verify_webhook(secret, headers, raw_body, now=None):
    """Returns None when valid, else the reason. raw_body is bytes: never re-serialised JSON."""
    lower = {k.lower(): str(v) for k, v in headers.items()}
    msg_id = lower.get("webhook-id")
    timestamp = lower.get("webhook-timestamp")
    signatures = lower.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        return "missing webhook-id, webhook-timestamp or webhook-signature"
    now = int(time.time()) if now is None else now
    if not timestamp.isdigit() or abs(now - int(timestamp)) > TOLERANCE_SECONDS:
        return "timestamp outside the tolerance"
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # The header may carry several signatures ("v1,<base64> v1,<base64>") during secret rotation.
    for entry in signatures.split(" "):
        version, _, value = entry.partition(",")
        if version == "v1" and hmac.compare_digest(value.encode(), expected.encode()):
            return None
    return "no matching signature"


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as f:
        body = f.read()
    with open(sys.argv[2], encoding="utf-8") as f:
        request_headers = json.load(f)
    reason = verify_webhook(os.environ.get("LAPAK_WEBHOOK_SECRET", ""), request_headers, body)
    if reason:
        print(f"invalid: {reason}", file=sys.stderr)
        sys.exit(1)
    print(f"valid: {json.loads(body)['type']}")
