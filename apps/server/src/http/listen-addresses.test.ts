// @database pglite
import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { listeningAddresses, listensBeyondLoopback, publicUrlHint } from './listen-addresses.ts';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as unknown as NonNullable<
    Interfaces[string]
  >[number];

const interfaces: Interfaces = {
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
  eth0: [entry('192.168.1.20', 'IPv4'), entry('fd00::2', 'IPv6'), entry('fe80::fc:ff:fe00:1', 'IPv6')],
  wlan0: [entry('10.0.0.7', 'IPv4')],
};

describe('the addresses Figgle prints at start', () => {
  it('on 0.0.0.0: loopback and every IPv4 address of the machine', () => {
    expect(listeningAddresses('0.0.0.0', 3000, interfaces)).toEqual([
      'http://127.0.0.1:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.7:3000',
    ]);
  });

  it('on ::, IPv6 too, in brackets, without link-local addresses', () => {
    expect(listeningAddresses('::', 3000, interfaces)).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://192.168.1.20:3000',
      'http://[fd00::2]:3000',
      'http://10.0.0.7:3000',
    ]);
  });

  it('on one address, that one', () => {
    expect(listeningAddresses('127.0.0.1', 8080, interfaces)).toEqual(['http://127.0.0.1:8080']);
    expect(listeningAddresses('fd00::2', 8080, interfaces)).toEqual(['http://[fd00::2]:8080']);
  });

  it('knows when others can reach it', () => {
    expect(['0.0.0.0', '::', '192.168.1.20'].map(listensBeyondLoopback)).toEqual([true, true, true]);
    expect(['127.0.0.1', '::1', 'localhost'].map(listensBeyondLoopback)).toEqual([false, false, false]);
  });

  it('suggests a PUBLIC_URL others can open', () => {
    expect(publicUrlHint('http://localhost:3000', listeningAddresses('0.0.0.0', 3000, interfaces))).toBe(
      'Emailed links will point to http://localhost:3000, which opens only on this machine: set PUBLIC_URL to the address people use (for example PUBLIC_URL=http://192.168.1.20:3000 npm start).',
    );
  });
});
