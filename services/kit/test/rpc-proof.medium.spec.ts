import { Module } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PROOF_TTL_MS, readRpcKeys, RpcKeyError, RpcSigner, RpcVerifier, startService } from '../src';

/**
 * The signer and the verifier of ADR 0040, on their own (no servers needed): what a proof binds (key,
 * subject, body, expiry, once), and that no process starts without a key.
 */
const key = () => Buffer.from(randomBytes(32).toString('hex'));
const body = Buffer.from('{"actor":{"userId":"a"},"body":{}}');
const SUBJECT = 'm1.rpc.workspace.model.list';

describe('proofs', () => {
  const k = key();
  const signer = new RpcSigner([k]);

  it('a proof checks out once, for its subject and body, until it expires', () => {
    const verifier = new RpcVerifier([k]);
    const now = Date.now();
    const proof = signer.proof(SUBJECT, body, now);
    expect(proof).toMatch(/^1\.\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(verifier.check(SUBJECT, proof, Buffer.from('{"actor":{"userId":"b"},"body":{}}'), now)).toBe('wrong');
    expect(verifier.check('m1.rpc.workspace.model.delete', proof, body, now)).toBe('wrong');
    expect(verifier.check(SUBJECT, proof, body, now + PROOF_TTL_MS + 1)).toBe('expired');
    expect(verifier.check(SUBJECT, proof, body, now)).toBeUndefined();
    expect(verifier.check(SUBJECT, proof, body, now + 1)).toBe('replayed');
  });

  it('refuses what is missing, malformed, signed with another key or expiring too far ahead', () => {
    const verifier = new RpcVerifier([k]);
    const now = Date.now();
    expect(verifier.check(SUBJECT, undefined, body, now)).toBe('missing');
    expect(verifier.check(SUBJECT, '', body, now)).toBe('missing');
    for (const bad of [
      'x',
      '1.2.3',
      `2.${now + 1000}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`,
      `1.soon.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`,
      `1.${now + 1000}.AAAAAAAAAAAAAAAAAAAAAA.AAAA`,
    ]) {
      expect(verifier.check(SUBJECT, bad, body, now)).toBe('malformed');
    }
    expect(verifier.check(SUBJECT, new RpcSigner([key()]).proof(SUBJECT, body, now), body, now)).toBe('wrong');
    // A signer whose proofs live for ten minutes is not ours (or its clock is far off).
    expect(verifier.check(SUBJECT, new RpcSigner([k], 600_000).proof(SUBJECT, body, now), body, now)).toBe('too far ahead');
  });

  it('accepts any listed key while a new one is rolled out; the first one signs', () => {
    const [fresh, old] = [key(), key()];
    const env = { KILN_RPC_KEY: `${fresh.toString()},${old.toString()}` };
    const keys = readRpcKeys(env);
    const verifier = new RpcVerifier(keys);
    expect(verifier.check(SUBJECT, new RpcSigner([old]).proof(SUBJECT, body), body)).toBeUndefined();
    expect(new RpcVerifier([fresh]).check(SUBJECT, new RpcSigner(keys).proof(SUBJECT, body), body)).toBeUndefined();
  });

  it('forgets the nonces of expired proofs', () => {
    const verifier = new RpcVerifier([k]);
    const now = Date.now();
    for (let i = 0; i < 100; i++) expect(verifier.check(SUBJECT, signer.proof(SUBJECT, body, now), body, now)).toBeUndefined();
    expect(verifier.remembered).toBe(100);
    const later = now + PROOF_TTL_MS + 1;
    expect(verifier.check(SUBJECT, signer.proof(SUBJECT, body, later), body, later)).toBeUndefined();
    expect(verifier.remembered).toBe(1);
  });

  it('costs microseconds', () => {
    const verifier = new RpcVerifier([k]);
    const big = Buffer.alloc(2048, 'x');
    const started = process.hrtime.bigint();
    for (let i = 0; i < 2000; i++) verifier.check(SUBJECT, signer.proof(SUBJECT, big), big);
    const perRequestUs = Number(process.hrtime.bigint() - started) / 1000 / 2000;
    expect(perRequestUs).toBeLessThan(500); // sign + check: some 60 µs together on this 2-core machine under load
  });
});

describe('the key', () => {
  it('is required, and long enough', () => {
    expect(() => readRpcKeys({})).toThrow(RpcKeyError);
    expect(() => readRpcKeys({})).toThrow(/KILN_RPC_KEY is not set/);
    expect(() => readRpcKeys({ KILN_RPC_KEY: '  ' })).toThrow(/KILN_RPC_KEY is not set/);
    expect(() => readRpcKeys({ KILN_RPC_KEY: 'secret' })).toThrow(/KILN_RPC_KEY is too short/);
    expect(readRpcKeys({ KILN_RPC_KEY: 'a'.repeat(32) })).toHaveLength(1);
  });

  describe('without it', () => {
    let saved: string | undefined;
    beforeEach(() => {
      saved = process.env.KILN_RPC_KEY;
      delete process.env.KILN_RPC_KEY;
    });
    afterEach(() => {
      if (saved !== undefined) process.env.KILN_RPC_KEY = saved;
    });

    it('a service does not start', async () => {
      @Module({})
      class Nothing {}
      await expect(startService('workspace', Nothing, { databaseUrl: 'postgres://nowhere/x', natsUrl: 'nats://127.0.0.1:1', namespace: 'x' })).rejects.toThrow(
        /KILN_RPC_KEY is not set/,
      );
    });

    it('the BFF does not start', async () => {
      const { startBff } = require('../../../bff/src/main') as typeof import('../../../bff/src/main');
      await expect(startBff(0, '/nonexistent')).rejects.toThrow(/KILN_RPC_KEY is not set/);
    });
  });
});
