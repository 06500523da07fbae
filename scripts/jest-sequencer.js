/**
 * Jest's own order (a file that failed last time first, then the longest by the last run's times, then the largest
 * by size), except that among the files with no time recorded, as in a fresh clone (CI's), the end-to-end files come
 * first: they take most of the workers' time, and one started late holds the whole run after the others have ended.
 */
const Sequencer = require("@jest/test-sequencer").default;

const endToEnd = /[\\/]test[\\/]e2e[\\/]/;

module.exports = class EndToEndFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const untimedEndToEnd = (test) => test.duration == null && endToEnd.test(test.path);
    return [...sorted.filter(untimedEndToEnd), ...sorted.filter((test) => !untimedEndToEnd(test))];
  }
};
