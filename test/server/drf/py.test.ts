/** Python's string forms, json.dumps and urlencode (src/server/drf/py.ts), which PostHog's messages and links use. */
import { pyJsonDumps, pyQuotePlus, pyRepr, removeQueryParam, replaceQueryParam } from "../../../src/server/drf/py";

test("pyJsonDumps matches Python's json.dumps defaults", () => {
  expect(pyJsonDumps({ c: 1620000000000000, k: "org:42" })).toBe('{"c": 1620000000000000, "k": "org:42"}');
  expect(pyJsonDumps(["é", "\u0001", 'q"', [1.5, null, true]])).toBe('["\\u00e9", "\\u0001", "q\\"", [1.5, null, true]]');
  expect(pyJsonDumps("😀")).toBe('"\\ud83d\\ude00"');
});

test("query helpers sort keys and quote like Python", () => {
  expect(pyQuotePlus("a b/c:d=é~")).toBe("a+b%2Fc%3Ad%3D%C3%A9~");
  expect(replaceQueryParam("http://h/p/?search=a b&limit=5", "offset", 10)).toBe("http://h/p/?limit=5&offset=10&search=a+b");
  expect(removeQueryParam("http://h/p/?offset=5&limit=5", "offset")).toBe("http://h/p/?limit=5");
  expect(removeQueryParam("http://h/p/?offset=5", "offset")).toBe("http://h/p/");
  expect(pyRepr(["a", { b: true }])).toBe("['a', {'b': True}]");
});
