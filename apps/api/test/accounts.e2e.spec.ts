import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { linkIn, mailsTo, signIn } from './demo-sessions';
import { freshDatabase } from './fresh-database';
import { startTestApp } from './test-app';

describe('registration, passwords and teams', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let staff: string;
  const http = () => app.getHttpServer();

  beforeAll(async () => {
    db = await freshDatabase('accounts');
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true' }));
    staff = (await signIn(app, 'admin@credence.test')).token;
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  describe('registration (access.md 4.2) through the e-mailed link', () => {
    it('registers an organisation: start, read the mail, complete, sign in as its admin', async () => {
      await request(http())
        .post('/v1/register')
        .send({ firstname: 'Olga', lastname: 'Owner', email: ' Olga@NewCo.test ', phone: '+44 1', companyName: 'NewCo', jobTitle: 'HR lead', volumeChecks: '200+', individual: false })
        .expect(204);
      const [mail] = await mailsTo(app, 'olga@newco.test', staff);
      expect(mail.subject).toBe('Complete your Credence registration');
      const token = linkIn(mail.text, '/login/register/');

      const read = await request(http()).get(`/v1/register/${token}`).expect(200);
      expect(read.body).toMatchObject({ firstname: 'Olga', lastname: 'Owner', email: 'olga@newco.test', companyName: 'NewCo', jobTitle: 'HR lead', volumeChecks: '200+', individual: false });

      const bad = await request(http()).put(`/v1/register/${token}`).send({ password: 'weak', confirmPassword: 'weak' }).expect(400);
      expect(bad.body).toEqual({ errors: [{ message: 'Invalid password' }] });

      await request(http())
        .put(`/v1/register/${token}`)
        .send({ password: 'New-pass1', confirmPassword: 'New-pass1', marketing: false, volumeChecks: '200+', company: { name: 'NewCo', addressCountry: { id: 'DE' }, industry: { id: 2 }, vatId: 'DE123456789' } })
        .expect(204);
      const login = await request(http()).post('/v1/auth').send({ username: 'olga@newco.test', password: 'New-pass1' }).expect(200);
      const token2 = login.headers['x-auth-token'];
      const account = await request(http()).get('/v1/account').set('X-AUTH-TOKEN', token2).expect(200);
      expect(account.body.company).toMatchObject({ name: 'NewCo', addressCountry: { id: 'DE' } });
      expect(account.body.admin).toBe(true);
      // A German company with a VAT number pays in euros without VAT.
      const claims = JSON.parse(Buffer.from(token2.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ currency: 'EUR', vatPayer: false });
      // The link works once.
      await request(http()).get(`/v1/register/${token}`).expect(404);
    });

    it('registers an individual with the individual defaults', async () => {
      await request(http()).post('/v1/register').send({ firstname: 'Ivy', lastname: 'Ind', email: 'ivy@mail.test', individual: true }).expect(204);
      const token = linkIn((await mailsTo(app, 'ivy@mail.test', staff))[0].text, '/login/register/');
      await request(http()).put(`/v1/register/${token}`).send({ password: 'Ivy-pass1', confirmPassword: 'Ivy-pass1', company: { addressCountry: { id: 'GB' } } }).expect(204);
      const login = await request(http()).post('/v1/auth').send({ username: 'ivy@mail.test', password: 'Ivy-pass1' }).expect(200);
      const claims = JSON.parse(Buffer.from(login.headers['x-auth-token'].split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ isIndividual: true, paymentType: 'CARD', vatPayer: true, currency: 'GBP' });
    });

    it('validates the start form in the spec shape and answers registered e-mails the same way', async () => {
      const res = await request(http()).post('/v1/register').send({ firstname: '', lastname: 'X', email: 'not-an-email', individual: false }).expect(400);
      const messages = res.body.errors.map((e: { message: string }) => e.message);
      expect(messages).toEqual(expect.arrayContaining(['First name is required.', 'Please enter a valid email address.', 'Phone is required.', 'Company Name is required.', 'Job Title is required.']));
      await request(http()).post('/v1/register').send({ firstname: 'A', lastname: 'B', email: 'alice@acme.test', individual: true }).expect(204);
      const [mail] = await mailsTo(app, 'alice@acme.test', staff);
      expect(mail.subject).toBe('You already have a Credence account');
    });

    it('shows owners, and blocks registration for a CLOSED application owner', async () => {
      const owner = await request(http()).get('/v1/application/template/owner/acme').expect(200);
      expect(owner.body).toMatchObject({ id: 'acme', name: 'Acme Recruitment Ltd', status: 'OPEN', referenceLabel: 'Candidate number' });
      await request(http()).get('/v1/application/template/owner/nope').expect(404);
      expect((await request(http()).get('/v1/referral/owner/ACME-REF').expect(200)).body).toEqual({ id: 'ACME-REF', logo: null, partnerLogo: null });
      await request(http()).get('/v1/referral/owner/UNKNOWN').expect(404);
      const closed = await request(http()).post('/v1/register').send({ firstname: 'A', lastname: 'B', email: 'x@y.test', individual: true, applicationTemplateId: 'globex-closed' }).expect(409);
      expect(closed.body.errors[0].message).toBe('Applications closed');
    });

    it('records unsubscribes with a reason from the list only', async () => {
      await request(http()).post('/v1/unsubscribe').send({ applicationId: 'app-1', reason: 'The service was too expensive.' }).expect(204);
      const bad = await request(http()).post('/v1/unsubscribe').send({ applicationId: 'app-1', reason: 'Because' }).expect(400);
      expect(bad.body.errors[0].message).toBe('Please choose a reason.');
    });
  });

  describe('passwords (4.3, 5.3)', () => {
    it('answers forgot-password the same for unknown users, and resets with the e-mailed token once', async () => {
      await request(http()).post('/v1/auth/forgot').query({ username: 'nobody@nowhere.test' }).expect(204);
      expect(await mailsTo(app, 'nobody@nowhere.test', staff)).toEqual([]);
      const before = await signIn(app, 'indy@mail.test');
      await request(http()).get('/v1/auth/forgot').query({ username: 'indy@mail.test' }).expect(204);
      const token = linkIn((await mailsTo(app, 'indy@mail.test', staff))[0].text, '/login/reset/');
      const weak = await request(http()).put('/v1/auth').set('X-PASSWORD-RESET-TOKEN', token).send({ newPassword: 'abc', confirmPassword: 'abc' }).expect(400);
      expect(weak.body.errors[0].message).toBe('Invalid password');
      await request(http()).put('/v1/auth').set('X-PASSWORD-RESET-TOKEN', token).send({ newPassword: 'Indy-new1', confirmPassword: 'Indy-new1' }).expect(204);
      await request(http()).put('/v1/auth').set('X-PASSWORD-RESET-TOKEN', token).send({ newPassword: 'Indy-new2', confirmPassword: 'Indy-new2' }).expect(400);
      await request(http()).post('/v1/auth').send({ username: 'indy@mail.test', password: 'Indy-new1' }).expect(200);
      // Sessions from before the reset are over.
      await request(http()).get('/v1/auth').set('X-REFRESH-TOKEN', before.refresh).expect(401);
    });

    it('changes a password signed in, with the current one', async () => {
      const s = await signIn(app, 'paul@board-demo.test');
      const wrong = await request(http()).put('/v1/auth').set('X-AUTH-TOKEN', s.token).send({ username: 'paul@board-demo.test', password: 'Nope-123!', newPassword: 'Paul-new1', confirmPassword: 'Paul-new1' }).expect(400);
      expect(wrong.body.errors[0].message).toBe('Your current password is not correct.');
      const mismatch = await request(http()).put('/v1/auth').set('X-AUTH-TOKEN', s.token).send({ password: 'Demo-pass1', newPassword: 'Paul-new1', confirmPassword: 'Paul-new2' }).expect(400);
      expect(mismatch.body.errors[0].message).toBe('The new password and its confirmation do not match.');
      await request(http()).put('/v1/auth').set('X-AUTH-TOKEN', s.token).send({ password: 'Demo-pass1', newPassword: 'Paul-new1', confirmPassword: 'Paul-new1' }).expect(204);
      await request(http()).post('/v1/auth').send({ username: 'paul@board-demo.test', password: 'Paul-new1' }).expect(200);
      await request(http()).put('/v1/auth').send({ password: 'x', newPassword: 'Paul-new1', confirmPassword: 'Paul-new1' }).expect(401);
    });
  });

  describe('teams (6.3)', () => {
    it('lets an admin add, resend, edit and delete; a pending user joins through the mail', async () => {
      const alice = (await signIn(app, 'alice@acme.test')).token;
      const add = await request(http()).post('/v1/user').set('X-AUTH-TOKEN', alice).send({ username: 'Nina@Acme.test', firstname: 'Nina', lastname: 'New', phone: '+44 2', admin: false, customRoles: ['Compliance'] }).expect(201);
      expect(add.body).toEqual({ outcome: 'added' });
      let team = (await request(http()).get('/v1/user').set('X-AUTH-TOKEN', alice).expect(200)).body;
      expect(team.find((u: { username: string }) => u.username === 'nina@acme.test')).toMatchObject({ pending: true, customRoles: ['Compliance'] });
      const resend = await request(http()).post('/v1/user').set('X-AUTH-TOKEN', alice).send({ username: 'nina@acme.test', firstname: 'Nina', lastname: 'New', phone: '+44 2' }).expect(200);
      expect(resend.body).toEqual({ outcome: 'resent' });
      const mails = await mailsTo(app, 'nina@acme.test', staff);
      expect(mails).toHaveLength(2);
      expect(mails[0].subject).toBe('You have been invited to Acme Recruitment Ltd on Credence');
      // A pending user cannot be edited.
      await request(http()).put('/v1/user').set('X-AUTH-TOKEN', alice).send({ username: 'nina@acme.test', firstname: 'N', lastname: 'N', phone: '1' }).expect(409);

      const token = linkIn(mails[0].text, '/login/register/');
      await request(http()).put(`/v1/register/${token}`).send({ password: 'Nina-pass1', confirmPassword: 'Nina-pass1' }).expect(204);
      const nina = await request(http()).post('/v1/auth').send({ username: 'nina@acme.test', password: 'Nina-pass1' }).expect(200);
      expect(JSON.parse(Buffer.from(nina.headers['x-auth-token'].split('.')[1], 'base64url').toString()).cid).toBe('acme');

      const edited = await request(http()).put('/v1/user').set('X-AUTH-TOKEN', alice).send({ username: 'nina@acme.test', firstname: 'Nina', lastname: 'Newer', phone: '+44 3', admin: true }).expect(200);
      expect(edited.body).toMatchObject({ lastname: 'Newer', admin: true, pending: false });
      await request(http()).delete('/v1/user').query({ username: 'nina@acme.test' }).set('X-AUTH-TOKEN', alice).expect(204);
      team = (await request(http()).get('/v1/user').set('X-AUTH-TOKEN', alice).expect(200)).body;
      expect(team.map((u: { username: string }) => u.username)).not.toContain('nina@acme.test');
      await request(http()).post('/v1/auth').send({ username: 'nina@acme.test', password: 'Nina-pass1' }).expect(401);
      // Added again later: invited afresh.
      const again = await request(http()).post('/v1/user').set('X-AUTH-TOKEN', alice).send({ username: 'nina@acme.test', firstname: 'Nina', lastname: 'Back', phone: '+44 4' }).expect(201);
      expect(again.body).toEqual({ outcome: 'added' });
      team = (await request(http()).get('/v1/user').set('X-AUTH-TOKEN', alice).expect(200)).body;
      expect(team.find((u: { username: string }) => u.username === 'nina@acme.test')).toMatchObject({ pending: true, lastname: 'Back' });
    });

    it('refuses non-admins (403), other companies (404) and editing oneself from the list', async () => {
      const bob = (await signIn(app, 'bob@acme.test')).token;
      const carol = (await signIn(app, 'carol@globex.test')).token;
      const alice = (await signIn(app, 'alice@acme.test')).token;
      const user = { username: 'x@acme.test', firstname: 'X', lastname: 'Y', phone: '1' };
      await request(http()).post('/v1/user').set('X-AUTH-TOKEN', bob).send(user).expect(403);
      await request(http()).put('/v1/company').set('X-AUTH-TOKEN', bob).send({ name: 'Hacked' }).expect(403);
      await request(http()).put('/v1/user').set('X-AUTH-TOKEN', carol).send({ ...user, username: 'bob@acme.test' }).expect(404);
      await request(http()).delete('/v1/user').query({ username: 'bob@acme.test' }).set('X-AUTH-TOKEN', carol).expect(404);
      const self = await request(http()).put('/v1/user').set('X-AUTH-TOKEN', alice).send({ ...user, username: 'alice@acme.test' }).expect(403);
      expect(self.body.errors[0].message).toBe('This is you, please edit your own details in the account section above.');
      const invalid = await request(http()).post('/v1/user').set('X-AUTH-TOKEN', alice).send({ username: 'bad', firstname: '', lastname: 'Y' }).expect(400);
      expect(invalid.body.errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining(['Please enter a valid email address.', 'First name is required.', 'Phone is required.']));
    });

    it('lets an admin edit the organisation; everyone reads their account', async () => {
      const alice = (await signIn(app, 'alice@acme.test')).token;
      const res = await request(http()).put('/v1/company').set('X-AUTH-TOKEN', alice).send({ name: 'Acme Recruitment Ltd', restrictedUserView: true, addressCity: 'Leeds' }).expect(200);
      expect(res.body).toMatchObject({ restrictedUserView: true, addressCity: 'Leeds' });
      const blank = await request(http()).put('/v1/company').set('X-AUTH-TOKEN', alice).send({ name: '  ' }).expect(400);
      expect(blank.body.errors[0].message).toBe('Organisation name is required.');
      const bob = (await signIn(app, 'bob@acme.test')).token;
      const account = await request(http()).get('/v1/account').set('X-AUTH-TOKEN', bob).expect(200);
      expect(account.body).toMatchObject({ username: 'bob@acme.test', customRolesLabel: 'Teams', company: { restrictedUserView: true } });
      await request(http()).put('/v1/account').set('X-AUTH-TOKEN', bob).send({ firstname: 'Robert', phone: '' }).expect(400);
      await request(http()).put('/v1/account').set('X-AUTH-TOKEN', bob).send({ firstname: 'Robert', tcsVersion: 3, interuptMessageAck: 1 }).expect(204);
    });
  });
});
