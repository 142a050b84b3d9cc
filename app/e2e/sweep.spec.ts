import { expect, test, type Browser } from '@playwright/test';
import { signInAs } from './support/sign-in';

// Buttons that used to do nothing now do something real: the forms update robot runs its scheduled job.

const signIn = (browser: Browser, email: string) => signInAs(browser, email);

test('Executar agora of the forms robot runs the weekly job and shows when it ran', async ({ browser }) => {
  const page = await signIn(browser, 'admin@escritorio.test');
  await page.goto('/processos');
  await page.getByRole('tab', { name: 'Formulários' }).click();
  await page.getByRole('button', { name: 'Executar agora' }).click();
  // offline the USCIS check may fail: either way the run finished and was recorded
  await expect(page.getByText(/Verificação de edições concluída\.|A verificação de edições falhou/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('forms-last-check')).not.toContainText('nenhuma ainda');
  await expect(page.getByRole('link', { name: 'Configurar' })).toHaveAttribute(
    'href',
    '/integracoes/tarefas-agendadas',
  );
});

test('staff who are not administrators see neither robot button', async ({ browser }) => {
  const page = await signIn(browser, 'assistente@escritorio.test');
  await page.goto('/processos');
  await page.getByRole('tab', { name: 'Formulários' }).click();
  await expect(page.getByTestId('forms-last-check')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Executar agora' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Configurar' })).toHaveCount(0);
});
