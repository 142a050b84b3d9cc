import { expect, test, type Browser } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Journeys of the scheduled jobs: an administrator finds them from Integrações, runs the forms edition
// check now and sees its run; a secretary cannot open the page. The forms check (demo provider) keeps the
// seed's edition dates, so other specs' data is left as it was.

const signIn = (browser: Browser, email: string) => signInAs(browser, email);

test('administrator sees the scheduled jobs and runs the forms edition check now', async ({ browser }) => {
  const page = await signIn(browser, 'admin@escritorio.test');
  await page.goto('/integracoes');
  await page.getByRole('link', { name: 'Ver tarefas agendadas' }).click();
  await expect(page).toHaveURL(/\/integracoes\/tarefas-agendadas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas agendadas' })).toBeVisible();

  const job = page.getByTestId('cron-job').filter({ hasText: 'Edições dos formulários USCIS' });
  await expect(job).toContainText('Toda segunda-feira às 07:00');
  await expect(page.getByTestId('cron-job').filter({ hasText: 'Status dos recibos USCIS' })).toContainText(
    'Diariamente às 06:00',
  );

  const runsBefore = await page.getByTestId('cron-run').filter({ hasText: 'Edições dos formulários USCIS' }).count();
  await job.getByRole('button', { name: /Executar agora/ }).click();
  await expect(page.getByText(/Execução de "Edições dos formulários USCIS" solicitada/)).toBeVisible();
  const runs = page.getByTestId('cron-run').filter({ hasText: 'Edições dos formulários USCIS' });
  await expect(runs).toHaveCount(runsBefore + 1, { timeout: 20_000 });
  await expect(runs.first()).toContainText('Concluída', { timeout: 20_000 });
});

test('a secretary cannot open the scheduled jobs', async ({ browser }) => {
  const page = await signIn(browser, 'secretaria@escritorio.test');
  await page.goto('/integracoes/tarefas-agendadas');
  // the route guard answers (a redirect or the Acesso Restrito card), never the jobs
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tarefas agendadas' })).toHaveCount(0);
  await expect(page.getByTestId('cron-job')).toHaveCount(0);
});
