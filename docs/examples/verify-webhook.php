<?php
// Verifies a Lapak webhook delivery (Standard Webhooks scheme) with PHP's standard library only.
// Usage: LAPAK_WEBHOOK_SECRET=whsec_... php verify-webhook.php BODY_FILE HEADERS_JSON_FILE
// BODY_FILE holds the raw request body, byte for byte (in a receiver: file_get_contents('php://input'));
// HEADERS_JSON_FILE the request headers as a JSON object. Exits 0 when the delivery is authentic
// and fresh, 1 when it is not.

const TOLERANCE_SECONDS = 300;

/** Returns null when valid, else the reason. $rawBody is the raw body: never re-encoded JSON. */
function verify_webhook(string $secret, array $headers, string $rawBody, ?int $now = null): ?string
{
    $lower = array_change_key_case($headers, CASE_LOWER);
    $id = (string) ($lower['webhook-id'] ?? '');
    $timestamp = (string) ($lower['webhook-timestamp'] ?? '');
    $signatures = (string) ($lower['webhook-signature'] ?? '');
    if ($id === '' || $timestamp === '' || $signatures === '') {
        return 'missing webhook-id, webhook-timestamp or webhook-signature';
    }
    $now = $now ?? time();
    if (!ctype_digit($timestamp) || abs($now - (int) $timestamp) > TOLERANCE_SECONDS) {
        return 'timestamp outside the tolerance';
    }
    $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
    if ($key === false) {
        return 'the secret is not base64';
    }
    $expected = base64_encode(hash_hmac('sha256', "{$id}.{$timestamp}.{$rawBody}", $key, true));
    // The header may carry several signatures ("v1,<base64> v1,<base64>") during secret rotation.
    foreach (explode(' ', $signatures) as $entry) {
        $parts = explode(',', $entry, 2);
        if (count($parts) === 2 && $parts[0] === 'v1' && hash_equals($expected, $parts[1])) {
            return null;
        }
    }
    return 'no matching signature';
}

if (PHP_SAPI === 'cli' && realpath($argv[0]) === __FILE__) {
    $body = file_get_contents($argv[1]);
    $headers = json_decode(file_get_contents($argv[2]), true);
    $reason = verify_webhook((string) getenv('LAPAK_WEBHOOK_SECRET'), is_array($headers) ? $headers : [], $body);
    if ($reason !== null) {
        fwrite(STDERR, "invalid: {$reason}\n");
        exit(1);
    }
    echo 'valid: ' . json_decode($body, true)['type'] . "\n";
}
