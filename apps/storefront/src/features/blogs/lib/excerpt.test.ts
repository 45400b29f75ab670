// @vitest-environment node
import { excerpt } from './excerpt';

describe('excerpt (also on the server, where there is no DOM)', () => {
  it("reads the paragraphs' text, not the headings, with entities decoded", () => {
    expect(excerpt('<h2>Title</h2><p>Our cows <b>graze</b> &amp; rest.</p><p>Ghee &#8377; 595</p>')).toBe('Our cows graze & rest. Ghee ₹ 595');
  });
  it('falls back to all the text without paragraphs, and cuts at a word', () => {
    expect(excerpt('<div>one&nbsp;two</div>')).toBe('one two');
    expect(excerpt(`<p>${'word '.repeat(50)}</p>`, 20)).toBe('word word word word…');
  });
});
