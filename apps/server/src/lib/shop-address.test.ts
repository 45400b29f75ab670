import { describe, expect, it } from 'vitest';
import { shopAddress } from './shop-address.js';

describe('shopAddress (the start-up banner)', () => {
  const base = { host: '0.0.0.0', port: 4483, publicUrl: 'http://localhost:4483', publicUrlFromEnv: false };

  it('says localhost when the server listens on every interface', () => {
    expect(shopAddress(base)).toBe('http://localhost:4483');
    expect(shopAddress({ ...base, host: '::' })).toBe('http://localhost:4483');
  });

  it('names HOST when it is one interface, IPv6 in brackets', () => {
    expect(shopAddress({ ...base, host: '127.0.0.1' })).toBe('http://127.0.0.1:4483');
    expect(shopAddress({ ...base, host: '192.168.1.20' })).toBe('http://192.168.1.20:4483');
    expect(shopAddress({ ...base, host: '::1' })).toBe('http://[::1]:4483');
    expect(shopAddress({ ...base, host: 'shop.local' })).toBe('http://shop.local:4483');
  });

  it('prints PUBLIC_URL when it is set, whatever HOST is', () => {
    expect(shopAddress({ ...base, host: '127.0.0.1', publicUrl: 'https://shop.example.in/', publicUrlFromEnv: true })).toBe('https://shop.example.in');
  });

  it('uses the port actually bound', () => {
    expect(shopAddress({ ...base, port: 39123 })).toBe('http://localhost:39123');
  });
});
