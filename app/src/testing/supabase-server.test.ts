/** The MSW Supabase stand-in answers the app's real client as PostgREST, GoTrue, Storage and Realtime would. */
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { supabase } from '@/lib/supabase';
import { db, postgrestError, restUrl, rpc, server, TOTP_CODE } from './supabase-server';
import { signInAs } from './sign-in';
import { realtime } from './realtime-server';

// rows of a real table (the client is typed by the generated Database type, so columns must exist)
const fees = [
  { id: 'f1', form_code: 'I-130', category: 'familia', fee_amount: 410, is_active: true, valid_until: null },
  { id: 'f2', form_code: 'I-485', category: 'residencia', fee_amount: 1440, is_active: false, valid_until: null },
  { id: 'f3', form_code: 'I-130A', category: null, fee_amount: 675, is_active: true, valid_until: '2025-01-01' },
];

describe('REST reads', () => {
  it('applies eq and returns only the selected columns', async () => {
    db.seed('financial_uscis_fees', fees);
    const { data, error } = await supabase
      .from('financial_uscis_fees')
      .select('id, form_code')
      .eq('category', 'familia');
    expect(error).toBeNull();
    // would contain all three rows if eq were ignored, and every column if select were
    expect(data).toEqual([{ id: 'f1', form_code: 'I-130' }]);
  });

  it('applies neq, in, is, ilike, gt and lt (with numbers compared as numbers)', async () => {
    db.seed('financial_uscis_fees', fees);
    const ids = async (query: PromiseLike<{ data: { id: string }[] | null }>) =>
      ((await query).data ?? []).map((r) => r.id);
    const from = () => supabase.from('financial_uscis_fees').select('id');
    expect(await ids(from().neq('category', 'familia'))).toEqual(['f2']); // NULL category is not "not familia"
    expect(await ids(from().in('id', ['f1', 'f3']))).toEqual(['f1', 'f3']);
    expect(await ids(from().is('valid_until', null))).toEqual(['f1', 'f2']);
    expect(await ids(from().not('valid_until', 'is', null))).toEqual(['f3']);
    expect(await ids(from().is('is_active', false))).toEqual(['f2']);
    expect(await ids(from().ilike('form_code', '%i-130%'))).toEqual(['f1', 'f3']);
    expect(await ids(from().gt('fee_amount', 500))).toEqual(['f2', 'f3']); // '1440' > '500' would fail as text
    expect(await ids(from().lt('fee_amount', 500))).toEqual(['f1']);
    expect(await ids(from().or('category.eq.residencia,valid_until.not.is.null'))).toEqual(['f2', 'f3']);
  });

  it('orders, ranges and counts with Content-Range', async () => {
    db.seed('financial_uscis_fees', fees);
    const { data, count } = await supabase
      .from('financial_uscis_fees')
      .select('id', { count: 'exact' })
      .order('fee_amount', { ascending: false })
      .range(0, 1);
    expect(data).toEqual([{ id: 'f2' }, { id: 'f3' }]);
    expect(count).toBe(3);
    const head = await supabase
      .from('financial_uscis_fees')
      .select('*', { count: 'exact', head: true })
      .eq('is_active', true);
    expect(head.count).toBe(2);
    const nullsLast = await supabase.from('financial_uscis_fees').select('id').order('category');
    expect(nullsLast.data).toEqual([{ id: 'f1' }, { id: 'f2' }, { id: 'f3' }]);
    const limited = await supabase.from('financial_uscis_fees').select('id').order('id').limit(1);
    expect(limited.data).toEqual([{ id: 'f1' }]);
  });

  it('answers single() with one object or PGRST116, maybeSingle() with null', async () => {
    db.seed('financial_uscis_fees', fees);
    expect((await supabase.from('financial_uscis_fees').select('form_code').eq('id', 'f2').single()).data).toEqual({
      form_code: 'I-485',
    });
    const many = await supabase.from('financial_uscis_fees').select('id').single();
    expect(many.error?.code).toBe('PGRST116');
    expect((await supabase.from('financial_uscis_fees').select('id').eq('id', 'nope').maybeSingle()).data).toBeNull();
  });

  it('renames aliased columns and reads embeds from the seeded row', async () => {
    db.seed('processes', [{ id: 1, type: 'Asilo', clients: { full_name: 'Maria Silva', email: 'm@x.test' } }]);
    const { data } = await supabase.from('processes').select('id, kind:type, clients(full_name)');
    expect(data).toEqual([{ id: 1, kind: 'Asilo', clients: { full_name: 'Maria Silva' } }]);
  });

  it('answers a table the test did not seed with 404 PGRST205', async () => {
    const { error } = await supabase.from('leads').select('*');
    expect(error?.code).toBe('PGRST205');
  });
});

describe('REST writes', () => {
  it('inserts with return=representation and keeps the row', async () => {
    db.seed('messages', []);
    const { data } = await supabase
      .from('messages')
      .insert({ client_id: 'c1', sender_type: 'office', content: 'Olá' })
      .select('client_id, content')
      .single();
    expect(data).toEqual({ client_id: 'c1', content: 'Olá' });
    expect(db.rows('messages')).toEqual([
      expect.objectContaining({ client_id: 'c1', content: 'Olá', id: expect.any(String) }),
    ]);
    const minimal = await supabase.from('messages').insert({ client_id: 'c2', sender_type: 'office', content: 'Oi' });
    expect(minimal.data).toBeNull();
    expect(db.rows('messages')).toHaveLength(2);
  });

  it('updates and deletes only the filtered rows', async () => {
    db.seed('financial_uscis_fees', fees);
    const updated = await supabase
      .from('financial_uscis_fees')
      .update({ category: 'outros' })
      .eq('id', 'f2')
      .select('id, category');
    expect(updated.data).toEqual([{ id: 'f2', category: 'outros' }]);
    expect(db.rows('financial_uscis_fees').map((c) => c.category)).toEqual(['familia', 'outros', null]);
    await supabase.from('financial_uscis_fees').delete().eq('is_active', false);
    expect(db.rows('financial_uscis_fees').map((c) => c.id)).toEqual(['f1', 'f3']);
  });

  it('upserts on the conflict column', async () => {
    db.seed('system_settings', [{ key: 'office_name', value: 'Antigo' }]);
    await supabase.from('system_settings').upsert({ key: 'office_name', value: 'Novo' }, { onConflict: 'key' });
    expect(db.rows('system_settings')).toEqual([{ key: 'office_name', value: 'Novo' }]);
  });

  it('lets a test answer with an error', async () => {
    db.seed('messages', []);
    server.use(
      http.post(restUrl('messages'), () => postgrestError(403, '42501', 'new row violates row-level security policy')),
    );
    const message = { client_id: 'c1', sender_type: 'client', content: 'x' };
    const { error } = await supabase.from('messages').insert(message);
    expect(error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy' });
    expect(db.rows('messages')).toEqual([]);
    // the request is logged even though the test's handler answered it
    expect(db.requests('/rest/v1/messages', 'POST').map((r) => r.body)).toEqual([message]);
  });
});

describe('RPC', () => {
  it('is 404 PGRST202 unless the test declares the function', async () => {
    expect((await supabase.rpc('calendar_feed_owner', { p_token: 't1' })).error?.code).toBe('PGRST202');
    server.use(rpc('calendar_feed_owner', (args) => `owner-of-${String(args.p_token)}`));
    expect((await supabase.rpc('calendar_feed_owner', { p_token: 't1' })).data).toBe('owner-of-t1');
  });
});

describe('Auth', () => {
  it('signs in with the password, then /user answers for the bearer token', async () => {
    db.addUser({ id: 'u1', email: 'maria@cliente.test', password: 'segredo-123' });
    const wrong = await supabase.auth.signInWithPassword({ email: 'maria@cliente.test', password: 'errada' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const { data, error } = await supabase.auth.signInWithPassword({
      email: 'maria@cliente.test',
      password: 'segredo-123',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe('u1');
    expect((await supabase.auth.getUser()).data.user?.email).toBe('maria@cliente.test');
    // later requests carry the session's token, not the anon key
    db.seed('clients', []);
    await supabase.from('clients').select('id');
    expect(db.requests('/rest/v1/clients')[0]!.headers.get('authorization')).toBe(
      `Bearer ${data.session!.access_token}`,
    );
    await supabase.auth.signOut();
    expect((await supabase.auth.getUser(data.session!.access_token)).error).not.toBeNull();
  });
});

describe('Auth links and user updates', () => {
  it('takes a session from link tokens and changes the password', async () => {
    db.addUser({ id: 'u3', email: 'nova@escritorio.test', password: 'antiga-1' });
    const link = db.linkSession('u3');
    expect((await supabase.auth.setSession(link)).error).toBeNull();
    expect((await supabase.auth.getUser()).data.user?.email).toBe('nova@escritorio.test');
    expect((await supabase.auth.updateUser({ password: 'NovaSenha123' })).error).toBeNull();
    expect(db.user('u3')!.password).toBe('NovaSenha123');
    await supabase.auth.signOut();
    expect(
      (await supabase.auth.signInWithPassword({ email: 'nova@escritorio.test', password: 'antiga-1' })).error,
    ).not.toBeNull();
    expect(
      (await supabase.auth.signInWithPassword({ email: 'nova@escritorio.test', password: 'NovaSenha123' })).error,
    ).toBeNull();
  });
});

describe('Auth e-mail links (otp)', () => {
  it('sends the link to an existing account only, when the app forbids creating one', async () => {
    db.addUser({ id: 'u4', email: 'maria@cliente.test', password: 'x' });
    const options = { shouldCreateUser: false, emailRedirectTo: 'http://localhost/auth' };
    expect((await supabase.auth.signInWithOtp({ email: 'maria@cliente.test', options })).error).toBeNull();
    expect((await supabase.auth.signInWithOtp({ email: 'nobody@cliente.test', options })).error?.message).toBe(
      'Signups not allowed for otp',
    );
    expect(
      db.requests('/auth/v1/otp').map((r) => [r.params.get('redirect_to'), (r.body as { email: string }).email]),
    ).toEqual([
      ['http://localhost/auth', 'maria@cliente.test'],
      ['http://localhost/auth', 'nobody@cliente.test'],
    ]);
  });
});

describe('Auth MFA (TOTP)', () => {
  it('enrolls, refuses a wrong code, verifies into an aal2 session, lists and removes the factor', async () => {
    await signInAs({ id: 'u1', email: 'ana@escritorio.test' });
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Celular' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({
      type: 'totp',
      totp: { secret: expect.any(String), qr_code: expect.stringMatching(/^data:image\/svg\+xml/) },
    });
    const factorId = enrolled.data!.id;
    // an unverified factor is not listed as usable
    expect((await supabase.auth.mfa.listFactors()).data?.totp).toEqual([]);
    const wrong = await supabase.auth.mfa.challengeAndVerify({ factorId, code: '000000' });
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId, code: TOTP_CODE })).error).toBeNull();
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(db.user('u1')!.factors).toEqual([
      expect.objectContaining({ id: factorId, status: 'verified', friendly_name: 'Celular' }),
    ]);
    expect((await supabase.auth.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([factorId]);
    expect((await supabase.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect(db.user('u1')!.factors).toEqual([]);
    expect((await supabase.auth.mfa.unenroll({ factorId })).error?.message).toBe('Factor not found');
  });

  it('reports the next level aal2 for a user with a verified factor signed in with the password only', async () => {
    await signInAs({ id: 'u2', email: 'bia@escritorio.test', factors: [{ id: 'f1', status: 'verified' }] });
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
  });
});

describe('Storage', () => {
  it('uploads, downloads, signs and removes objects', async () => {
    const bucket = supabase.storage.from('client_documents');
    const uploaded = await bucket.upload('c1/a.pdf', new File(['%PDF-1'], 'a.pdf', { type: 'application/pdf' }));
    expect(uploaded.error).toBeNull();
    expect(
      db.objects('client_documents').map((o) => [o.path, o.contentType, new TextDecoder().decode(o.bytes)]),
    ).toEqual([['c1/a.pdf', 'application/pdf', '%PDF-1']]);
    expect((await bucket.upload('c1/a.pdf', new Blob(['x']))).error).not.toBeNull(); // no upsert: duplicate
    const downloaded = await bucket.download('c1/a.pdf');
    expect(await downloaded.data?.text()).toBe('%PDF-1');
    expect((await bucket.download('c1/missing.pdf')).error).not.toBeNull();
    const signed = await bucket.createSignedUrl('c1/a.pdf', 60);
    expect(signed.data?.signedUrl).toContain('/storage/v1/object/sign/client_documents/c1/a.pdf?token=');
    await bucket.remove(['c1/a.pdf']);
    expect(db.objects()).toEqual([]);
  });
});

describe('Realtime', () => {
  it('joins with the bindings and delivers only matching changes', async () => {
    const received: unknown[] = [];
    const channel = supabase
      .channel('room-test')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages', filter: 'client_id=eq.c1' },
        (p) => received.push(p.new),
      )
      .subscribe();
    await expect.poll(() => channel.state).toBe('joined');
    expect(realtime.channels()[0]!.bindings[0]).toMatchObject({
      event: 'INSERT',
      table: 'messages',
      filter: 'client_id=eq.c1',
    });
    realtime.emit('messages', 'INSERT', { id: 'm1', client_id: 'c2' }); // another client's message: not delivered
    realtime.emit('messages', 'INSERT', { id: 'm2', client_id: 'c1' });
    await expect.poll(() => received).toEqual([{ id: 'm2', client_id: 'c1' }]);
    await supabase.removeChannel(channel);
    await expect.poll(() => realtime.channels()[0]!.left).toBe(true);
  });
});
