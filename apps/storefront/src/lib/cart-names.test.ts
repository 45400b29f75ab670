import { cartNameOf, keepCartNames, rememberCartName } from './cart-names';

describe('cart names', () => {
  it('remembers the name a product was added with, and forgets products no longer in the cart', () => {
    rememberCartName({ _id: 'a', name: 'A2 Cow Ghee' });
    rememberCartName({ _id: 'b', name: 'Hair Oil' });
    expect(cartNameOf('a')).toBe('A2 Cow Ghee');
    keepCartNames([{ _id: 'b', name: 'Ayurvedic Hair Oil' }]);
    expect(cartNameOf('a')).toBeUndefined();
    expect(cartNameOf('b')).toBe('Ayurvedic Hair Oil');
  });

  it('ignores a damaged entry', () => {
    localStorage.setItem('cart-names', '{not json');
    expect(cartNameOf('a')).toBeUndefined();
    localStorage.setItem('cart-names', JSON.stringify({ a: 3 }));
    expect(cartNameOf('a')).toBeUndefined();
  });
});
