/**
 * DRF's URLField (Django's URLValidator after CharField's trim) as src/kit/url-field.ts states it: what Django takes
 * and what it refuses, each case one Django's own URLValidator decides so (django/core/validators.py).
 */
import { urlFieldTakes } from "../../src/kit/url-field";

test("taken: its four schemes, localhost, IP addresses, a port, user and password, a trailing dot, punycode, whitespace around", () => {
  const taken = [
    "https://hooks.example.com/T1/secret",
    "http://localhost:8080/hook",
    "ftp://files.example.com/drop",
    "FTPS://files.example.com",
    "http://10.0.0.1/hook",
    "http://[::1]:8080/",
    "https://user:pass@hooks.example.com/x?y=1#z",
    "https://example.com./",
    "https://xn--bcher-kva.example/",
    "https://bücher.example/",
    "  https://hooks.example.com/padded  ",
  ];
  expect(taken.filter((url) => !urlFieldTakes(url))).toEqual([]);
});

test("refused: another scheme, no host, a numeric or one-letter last label, a bad IPv6, whitespace inside, over 2048 characters, a host over 253", () => {
  const refused = [
    "not a url",
    "mailto:someone@example.com",
    "gopher://example.com",
    "https://",
    "https://example",
    "https://example.123/",
    "https://a.b/",
    "https://-example.com/",
    "http://[::::::]/",
    "http://256.0.0.1/",
    "https://example.com/a b",
    "https://example.com/\nnext",
    `https://example.com/${"a".repeat(2048)}`,
    `https://${["a", "b", "c", "d", "e"].map((c) => c.repeat(60)).join(".")}.com/`,
  ];
  expect(refused.filter(urlFieldTakes)).toEqual([]);
});
