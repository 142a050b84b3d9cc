-- Demo data of the office (applied once, on a new database, after the migrations).
--
-- Log-ins (password for all: Demo@12345)
--   admin@escritorio.test        administrator     Ana Administradora   10000000-0000-4000-8000-000000000001
--   assistente@escritorio.test   legal_assistant   Bruno Assistente     10000000-0000-4000-8000-000000000002
--   comercial@escritorio.test    commercial        Carla Comercial      10000000-0000-4000-8000-000000000003
--   secretaria@escritorio.test   secretary         Daniela Secretária   10000000-0000-4000-8000-000000000004
--   maria.silva@cliente.test     client            Maria Silva          10000000-0000-4000-8000-000000000005
--   joao.souza@cliente.test      client            João Souza           10000000-0000-4000-8000-000000000006
--
-- Clients: Maria Silva c0000000-0000-4000-8000-000000000001, João Souza c0000000-0000-4000-8000-000000000002.
-- Processes 1-5 (integer ids). Each client has its own processes, contracts, payments, quotes, messages and
-- documents, so that isolation can be seen. Document rows point at <client_id>/... in the client_documents
-- bucket; the files themselves are not part of the seed.
-- Dates that drive a status (expense due dates, next hearing) are relative to the day the seed runs.

-- ---------------------------------------------------------------------------
-- users (first: profiles come from the auth.users trigger)
-- ---------------------------------------------------------------------------
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', u.id::uuid, 'authenticated', 'authenticated', u.email,
       extensions.crypt('Demo@12345', extensions.gen_salt('bf')), now(),
       '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('full_name', u.full_name), now(), now(),
       '', '', '', ''
from (values
  ('10000000-0000-4000-8000-000000000001', 'admin@escritorio.test',      'Ana Administradora'),
  ('10000000-0000-4000-8000-000000000002', 'assistente@escritorio.test', 'Bruno Assistente'),
  ('10000000-0000-4000-8000-000000000003', 'comercial@escritorio.test',  'Carla Comercial'),
  ('10000000-0000-4000-8000-000000000004', 'secretaria@escritorio.test', 'Daniela Secretária'),
  ('10000000-0000-4000-8000-000000000005', 'maria.silva@cliente.test',   'Maria Silva'),
  ('10000000-0000-4000-8000-000000000006', 'joao.souza@cliente.test',    'João Souza')
) as u (id, email, full_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
from auth.users u
where u.id::text like '10000000-0000-4000-8000-00000000000_';

insert into public.user_roles (user_id, role) values
  ('10000000-0000-4000-8000-000000000001', 'administrator'),
  ('10000000-0000-4000-8000-000000000002', 'legal_assistant'),
  ('10000000-0000-4000-8000-000000000003', 'commercial'),
  ('10000000-0000-4000-8000-000000000004', 'secretary'),
  ('10000000-0000-4000-8000-000000000005', 'client'),
  ('10000000-0000-4000-8000-000000000006', 'client');

insert into public.clients (id, user_id, full_name, email, phone, address, created_at) values
  ('c0000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000005', 'Maria Silva',
   'maria.silva@cliente.test', '+1 (508) 555-0142', '120 Main St, Apt 3, Framingham, MA 01702', now() - interval '90 days'),
  ('c0000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000006', 'João Souza',
   'joao.souza@cliente.test', '+55 (11) 91234-5678', '45 Ocean Ave, Long Branch, NJ 07740', now() - interval '60 days');
-- the history of Maria's record: the assistant moved her to a US number (what the clients trigger writes)
insert into public.client_record_changes (client_id, changed_by, changed_at, field, old_value, new_value) values
  ('c0000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', now() - interval '30 days',
   'phone', '+55 (31) 98765-4321', '+1 (508) 555-0142');

-- ---------------------------------------------------------------------------
-- processes and their catalogue
-- ---------------------------------------------------------------------------
insert into public.process_stages (id, name, order_number) values
  (1, 'Documentação', 1),
  (2, 'Protocolado', 2),
  (3, 'Biometria', 3),
  (4, 'Em processamento', 4),
  (5, 'RFE', 5),
  (6, 'Entrevista agendada', 6),
  (7, 'Aprovado', 7),
  (8, 'Negado', 8),
  (9, 'Apelação', 9);
select setval(pg_get_serial_sequence('public.process_stages', 'id'), 9);

insert into public.processes (id, type, client_id, client_name, receipt_number, category, stage, status, last_update, next_date) values
  (1, 'Green Card',    'c0000000-0000-4000-8000-000000000001', 'Maria Silva',   'MSC2490123456', 'Imigratório - USCIS', 'Em processamento',    'em andamento',          current_date - 12, current_date + 30),
  (2, 'Naturalização', 'c0000000-0000-4000-8000-000000000002', 'João Souza',    'IOE0912345678', 'Imigratório - USCIS', 'Biometria',           'em andamento',          current_date - 5,  current_date + 14),
  (3, 'Asilo',         'c0000000-0000-4000-8000-000000000002', 'João Souza',    null,            'EOIR',                'Entrevista agendada', 'aguardando entrevista', current_date - 20, current_date + 45),
  (4, 'Visto T',       null,                                   'Carlos Pereira', 'EAC2490555123', 'ICE',                 'Protocolado',         'em análise',            current_date - 30, current_date + 60),
  (5, 'DACA',          'c0000000-0000-4000-8000-000000000001', 'Maria Silva',   'EAC9999103403', 'Imigratório - USCIS', 'Aprovado',            'aprovado',              current_date - 40, null);
select setval(pg_get_serial_sequence('public.processes', 'id'), 5);

insert into public.uscis_forms (id, number, name, category, updated_at, url, downloaded) values
  (1, 'I-130', 'Petition for Alien Relative', 'Petições Familiares', '2024-04-01',
   'https://www.uscis.gov/sites/default/files/document/forms/i-130.pdf', true),
  (2, 'I-485', 'Application to Register Permanent Residence or Adjust Status', 'Green Card', '2025-01-20',
   'https://www.uscis.gov/sites/default/files/document/forms/i-485.pdf', true),
  (3, 'I-751', 'Petition to Remove Conditions on Residence', 'Remoção de Condições', '2024-04-01',
   'https://www.uscis.gov/sites/default/files/document/forms/i-751.pdf', false),
  (4, 'N-400', 'Application for Naturalization', 'Cidadania e Naturalização', '2025-01-20',
   'https://www.uscis.gov/sites/default/files/document/forms/n-400.pdf', true),
  (5, 'I-589', 'Application for Asylum and for Withholding of Removal', 'Asilo e Refúgio', null,
   'https://www.uscis.gov/sites/default/files/document/forms/i-589.pdf', false),
  (6, 'I-765', 'Application for Employment Authorization', 'Ajuste de Status', '2025-01-20',
   'https://www.uscis.gov/sites/default/files/document/forms/i-765.pdf', false),
  (7, 'I-212', 'Application for Permission to Reapply for Admission into the United States After Deportation or Removal',
   'Waivers', '2025-01-20', 'https://www.uscis.gov/sites/default/files/document/forms/i-212.pdf', false);
select setval(pg_get_serial_sequence('public.uscis_forms', 'id'), 7);

-- ---------------------------------------------------------------------------
-- receipts and court cases to check, with their histories
-- ---------------------------------------------------------------------------
insert into public.uscis_receipts (id, process_id, receipt_number, last_status, last_checked_at, last_updated_at, next_action_date, created_by) values
  ('d1000000-0000-4000-8000-000000000001', 1, 'MSC2490123456', 'Case Is Being Actively Reviewed By USCIS',
   now() - interval '1 day', now() - interval '12 days', current_date + 30, '10000000-0000-4000-8000-000000000002'),
  ('d1000000-0000-4000-8000-000000000002', 2, 'IOE0912345678', 'Fingerprint Fee Was Received',
   now() - interval '2 days', now() - interval '5 days', current_date + 14, '10000000-0000-4000-8000-000000000002'),
  ('d1000000-0000-4000-8000-000000000003', 5, 'EAC9999103403', 'Case Was Approved',
   now() - interval '3 days', now() - interval '40 days', null, '10000000-0000-4000-8000-000000000001');

insert into public.uscis_status_history (id, receipt_id, status, details, updated_at) values
  ('d2000000-0000-4000-8000-000000000001', 'd1000000-0000-4000-8000-000000000001', 'Case Was Received',
   'Recebemos o Formulário I-485 e enviamos o aviso de recebimento.', now() - interval '80 days'),
  ('d2000000-0000-4000-8000-000000000002', 'd1000000-0000-4000-8000-000000000001', 'Case Is Being Actively Reviewed By USCIS',
   'O caso está em análise ativa pelo USCIS.', now() - interval '12 days'),
  ('d2000000-0000-4000-8000-000000000003', 'd1000000-0000-4000-8000-000000000002', 'Case Was Received',
   'Recebemos o Formulário N-400.', now() - interval '30 days'),
  ('d2000000-0000-4000-8000-000000000004', 'd1000000-0000-4000-8000-000000000002', 'Fingerprint Fee Was Received',
   'Agendamento de biometria a caminho.', now() - interval '5 days'),
  ('d2000000-0000-4000-8000-000000000005', 'd1000000-0000-4000-8000-000000000003', 'Case Was Approved',
   'Aprovamos o Formulário I-821D (renovação de DACA).', now() - interval '40 days');

insert into public.eoir_court_cases (id, a_number, process_id, last_status, last_hearing_date, court_location, judge_name, last_checked_at, created_by) values
  ('d3000000-0000-4000-8000-000000000001', 'A234567890', 3, 'Individual Hearing Scheduled',
   ((current_date + 45) + time '09:00') at time zone 'America/New_York', 'Newark Immigration Court, 970 Broad St, Newark, NJ 07102', 'Hon. Patricia Reyes',
   now() - interval '1 day', '10000000-0000-4000-8000-000000000002'),
  ('d3000000-0000-4000-8000-000000000002', 'A087654321', 4, 'Master Calendar Hearing Completed',
   ((current_date - 15) + time '13:30') at time zone 'America/New_York', 'Boston Immigration Court, 15 New Sudbury St, Boston, MA 02203', 'Hon. Michael Grant',
   now() - interval '4 days', '10000000-0000-4000-8000-000000000001');

insert into public.eoir_court_history (id, court_case_id, status, details, hearing_date, court_location, judge_name, updated_at) values
  ('d4000000-0000-4000-8000-000000000001', 'd3000000-0000-4000-8000-000000000001', 'Master Calendar Hearing Scheduled',
   'Audiência preliminar (master) marcada.', ((current_date - 30) + time '08:30') at time zone 'America/New_York',
   'Newark Immigration Court, 970 Broad St, Newark, NJ 07102', 'Hon. Patricia Reyes', now() - interval '60 days'),
  ('d4000000-0000-4000-8000-000000000002', 'd3000000-0000-4000-8000-000000000001', 'Individual Hearing Scheduled',
   'Audiência de mérito (individual) marcada.', ((current_date + 45) + time '09:00') at time zone 'America/New_York',
   'Newark Immigration Court, 970 Broad St, Newark, NJ 07102', 'Hon. Patricia Reyes', now() - interval '1 day'),
  ('d4000000-0000-4000-8000-000000000003', 'd3000000-0000-4000-8000-000000000002', 'Master Calendar Hearing Completed',
   'Audiência preliminar realizada; aguardando próxima data.', ((current_date - 15) + time '13:30') at time zone 'America/New_York',
   'Boston Immigration Court, 15 New Sudbury St, Boston, MA 02203', 'Hon. Michael Grant', now() - interval '4 days');

insert into public.process_notifications (id, process_id, notification_type, notification_channel, content, recipient, status, sent_at, created_by, created_at) values
  ('d5000000-0000-4000-8000-000000000001', 1, 'stage_update', 'email',
   'O status do seu processo foi atualizado para: Em processamento', 'maria.silva@cliente.test', 'sent',
   now() - interval '12 days', '10000000-0000-4000-8000-000000000002', now() - interval '12 days'),
  ('d5000000-0000-4000-8000-000000000002', 1, 'document_request', 'email',
   'Solicitação de documento: Certidão de casamento', 'maria.silva@cliente.test', 'sent',
   now() - interval '10 days', '10000000-0000-4000-8000-000000000002', now() - interval '10 days'),
  ('d5000000-0000-4000-8000-000000000003', 2, 'stage_update', 'whatsapp',
   'O status do seu processo foi atualizado para: Biometria', '+55 (11) 91234-5678', 'pending',
   null, '10000000-0000-4000-8000-000000000004', now() - interval '5 days');

insert into public.document_requests (id, process_id, document_name, document_description, is_required, status, fulfilled_at, requested_at, created_at) values
  ('d6000000-0000-4000-8000-000000000001', 1, 'Passaporte', 'Cópia de todas as páginas do passaporte válido.', true,
   'fulfilled', now() - interval '20 days', now() - interval '25 days', now() - interval '25 days'),
  ('d6000000-0000-4000-8000-000000000002', 1, 'Certidão de casamento', 'Certidão de inteiro teor com tradução juramentada.', true,
   'pending', null, now() - interval '10 days', now() - interval '10 days'),
  ('d6000000-0000-4000-8000-000000000003', 2, 'Comprovantes de imposto de renda', 'Declarações (IRS tax transcripts) dos últimos 5 anos.', false,
   'pending', null, now() - interval '4 days', now() - interval '4 days');

-- ---------------------------------------------------------------------------
-- finance catalogue
-- ---------------------------------------------------------------------------
-- USCIS fees in force since the 2024 fee rule (89 FR 6194, effective 2024-04-01), in USD. Amounts marked
-- "verificar" were not confirmed by two sources: staff should check them against Form G-1055.
insert into public.financial_uscis_fees (form_code, form_name, fee_amount, category, description, valid_from, valid_until, is_active) values
  ('I-130',  'Petition for Alien Relative',                                  675.00, 'Petições Familiares',       'Protocolo em papel',                                        '2024-04-01', null, true),
  ('I-130',  'Petition for Alien Relative',                                  625.00, 'Petições Familiares',       'Protocolo online',                                          '2024-04-01', null, true),
  ('I-485',  'Application to Register Permanent Residence or Adjust Status', 1440.00, 'Ajuste de Status',         'Inclui biometria',                                          '2024-04-01', null, true),
  ('I-485',  'Application to Register Permanent Residence or Adjust Status', 950.00, 'Ajuste de Status',          'Menor de 14 anos protocolando com um dos pais',             '2024-04-01', null, true),
  ('I-765',  'Application for Employment Authorization',                     520.00, 'Ajuste de Status',          'Protocolo em papel',                                        '2024-04-01', null, true),
  ('I-765',  'Application for Employment Authorization',                     470.00, 'Ajuste de Status',          'Protocolo online',                                          '2024-04-01', null, true),
  ('I-765',  'Application for Employment Authorization',                     260.00, 'Ajuste de Status',          'Com I-485 pendente protocolado a partir de 01/04/2024',     '2024-04-01', null, true),
  ('I-131',  'Application for Travel Document',                              630.00, 'Ajuste de Status',          'Advance parole / reentry permit, protocolo em papel',       '2024-04-01', null, true),
  ('I-131',  'Application for Travel Document',                              580.00, 'Ajuste de Status',          'Protocolo online',                                          '2024-04-01', null, true),
  ('N-400',  'Application for Naturalization',                               760.00, 'Cidadania e Naturalização', 'Protocolo em papel',                                        '2024-04-01', null, true),
  ('N-400',  'Application for Naturalization',                               710.00, 'Cidadania e Naturalização', 'Protocolo online',                                          '2024-04-01', null, true),
  ('N-400',  'Application for Naturalization',                               380.00, 'Cidadania e Naturalização', 'Taxa reduzida (renda familiar entre 150% e 400% da FPG)',   '2024-04-01', null, true),
  ('N-600',  'Application for Certificate of Citizenship',                  1385.00, 'Cidadania e Naturalização', 'Protocolo em papel',                                        '2024-04-01', null, true),
  ('N-600',  'Application for Certificate of Citizenship',                  1335.00, 'Cidadania e Naturalização', 'Protocolo online',                                          '2024-04-01', null, true),
  ('I-751',  'Petition to Remove Conditions on Residence',                   750.00, 'Remoção de Condições',      'Valor a verificar no G-1055',                               '2024-04-01', null, true),
  ('I-90',   'Application to Replace Permanent Resident Card',               465.00, 'Green Card',                'Protocolo em papel',                                        '2024-04-01', null, true),
  ('I-90',   'Application to Replace Permanent Resident Card',               415.00, 'Green Card',                'Protocolo online',                                          '2024-04-01', null, true),
  ('I-129F', 'Petition for Alien Fiancé(e)',                                 675.00, 'Petições Familiares',       null,                                                        '2024-04-01', null, true),
  ('I-821D', 'Consideration of Deferred Action for Childhood Arrivals',       85.00, 'DACA',                      'Renovação (mais o I-765: total 605 em papel / 555 online)', '2024-04-01', null, true),
  ('I-601',  'Application for Waiver of Grounds of Inadmissibility',        1050.00, 'Waivers',                   null,                                                        '2024-04-01', null, true),
  ('I-601A', 'Application for Provisional Unlawful Presence Waiver',         795.00, 'Waivers',                   'Valor a verificar no G-1055',                               '2024-04-01', null, true),
  ('I-212',  'Application for Permission to Reapply for Admission',         1175.00, 'Waivers',                   'Valor a verificar no G-1055 (fontes divergentes)',          '2024-04-01', null, true),
  ('I-140',  'Immigrant Petition for Alien Workers',                         715.00, 'Petições Empresariais',     'Mais a Asylum Program Fee (600; 300 pequeno empregador)',   '2024-04-01', null, true),
  ('I-129',  'Petition for a Nonimmigrant Worker (H-1B)',                    780.00, 'Petições Empresariais',     'H-1B / H-1B1 (460 pequeno empregador ou sem fins lucrativos)', '2024-04-01', null, true),
  ('I-539',  'Application to Extend/Change Nonimmigrant Status',             470.00, 'Vistos de Não-Imigrante',   'Protocolo em papel',                                        '2024-04-01', null, true),
  ('I-539',  'Application to Extend/Change Nonimmigrant Status',             420.00, 'Vistos de Não-Imigrante',   'Protocolo online',                                          '2024-04-01', null, true),
  ('BIOMETRICS', 'Biometric Services Fee',                                    85.00, 'Biometria',                 'Taxa separada de biometria, incorporada às taxas em 2024',  '2016-12-23', '2024-03-31', false);

insert into public.financial_products (id, name, description, price, category, is_active) values
  ('e1000000-0000-4000-8000-000000000001', 'Consulta inicial',               'Análise do caso e orientação (1 hora).',                        350.00, 'Consultoria', true),
  ('e1000000-0000-4000-8000-000000000002', 'Green Card por casamento',       'Preparação de I-130, I-485, I-765 e I-131 até a entrevista.', 12000.00, 'Processos USCIS', true),
  ('e1000000-0000-4000-8000-000000000003', 'Naturalização (N-400)',          'Preparação do N-400 e preparo para a entrevista de cidadania.', 4500.00, 'Processos USCIS', true),
  ('e1000000-0000-4000-8000-000000000004', 'Renovação de DACA',              'I-821D e I-765 de renovação.',                                 2500.00, 'Processos USCIS', true),
  ('e1000000-0000-4000-8000-000000000005', 'Pedido de asilo defensivo',      'I-589 e representação na corte de imigração (EOIR).',         15000.00, 'Processos EOIR', true),
  ('e1000000-0000-4000-8000-000000000006', 'Visto T',                        'I-914 e documentação de apoio.',                               9000.00, 'Processos USCIS', true),
  ('e1000000-0000-4000-8000-000000000007', 'Tradução juramentada (página)',  'Tradução português-inglês com certificação.',                   120.00, 'Traduções', true);

insert into public.financial_expense_categories (id, name) values
  ('e2000000-0000-4000-8000-000000000001', 'Aluguel'),
  ('e2000000-0000-4000-8000-000000000002', 'Software e assinaturas'),
  ('e2000000-0000-4000-8000-000000000003', 'Marketing'),
  ('e2000000-0000-4000-8000-000000000004', 'Material de escritório'),
  ('e2000000-0000-4000-8000-000000000005', 'Taxas e custas');

insert into public.financial_expenses (id, description, amount, due_date, category_id, is_paid, payment_date, payment_method, notes) values
  ('e3000000-0000-4000-8000-000000000001', 'Aluguel do escritório',      6500.00, current_date - 20, 'e2000000-0000-4000-8000-000000000001', true,  current_date - 21, 'PIX', null),
  ('e3000000-0000-4000-8000-000000000002', 'Assinatura do software jurídico', 450.00, current_date + 10, 'e2000000-0000-4000-8000-000000000002', false, null, null, 'Renovação mensal'),
  ('e3000000-0000-4000-8000-000000000003', 'Anúncios em redes sociais',  1200.00, current_date - 5,  'e2000000-0000-4000-8000-000000000003', false, null, null, 'Campanha de naturalização'),
  ('e3000000-0000-4000-8000-000000000004', 'Papel e toner',               380.50, current_date - 12, 'e2000000-0000-4000-8000-000000000004', true,  current_date - 12, 'Cartão', null),
  ('e3000000-0000-4000-8000-000000000005', 'Custas de tradução juramentada', 900.00, current_date + 25, 'e2000000-0000-4000-8000-000000000005', false, null, null, null);

-- ---------------------------------------------------------------------------
-- the portal of each demo client
-- ---------------------------------------------------------------------------
-- One record per process: what the client reads in the portal is the process itself (description, status).
update public.processes set status = 'em andamento', description = 'Green Card por casamento (I-130 / I-485). Aguardando análise do USCIS.' where id = 1;
update public.processes set status = 'concluído', description = 'Renovação de DACA aprovada.' where id = 5;
update public.processes set description = 'Naturalização (N-400). Biometria agendada.' where id = 2;
update public.processes set status = 'pendente', description = 'Pedido de asilo na corte de imigração de Newark.' where id = 3;
insert into public.processes (id, type, case_type_id, client_id, client_name, category, stage, status, description, opened_at, last_update, created_at) values
  (6, 'Substituição do Green Card (I-90)', 'substituicao_green_card', 'c0000000-0000-4000-8000-000000000002', 'João Souza',
   'USCIS', 'Aprovado', 'concluído', 'Substituição do Green Card (I-90) concluída.', current_date - 58, current_date - 50, now() - interval '58 days');
select setval(pg_get_serial_sequence('public.processes', 'id'), 6);

insert into public.financial_contracts (id, client_id, title, contract_number, status, total_amount, payment_terms, start_date, end_date, notes, created_at) values
  ('f1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Green Card por casamento',
   'CT-2025-001', 'active', 12000.00, 'Entrada de R$ 4.000,00 e 4 parcelas de R$ 2.000,00', current_date - 85, current_date + 280,
   'Honorários; taxas do USCIS pagas à parte.', now() - interval '85 days'),
  ('f1000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 'Naturalização e asilo',
   'CT-2025-002', 'active', 19500.00, '6 parcelas mensais de R$ 3.250,00', current_date - 55, current_date + 310,
   null, now() - interval '55 days');

insert into public.financial_payments (id, client_id, contract_id, amount, payment_date, payment_method, status, notes) values
  ('f2000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'f1000000-0000-4000-8000-000000000001',
   4000.00, current_date - 85, 'PIX', 'paid', 'Entrada'),
  ('f2000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 'f1000000-0000-4000-8000-000000000001',
   2000.00, current_date + 5, 'Boleto', 'pending', 'Parcela 1 de 4'),
  ('f2000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002', 'f1000000-0000-4000-8000-000000000002',
   3250.00, current_date - 55, 'Cartão', 'paid', 'Parcela 1 de 6'),
  ('f2000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000002', 'f1000000-0000-4000-8000-000000000002',
   3250.00, current_date - 25, 'Boleto', 'overdue', 'Parcela 2 de 6');

insert into public.financial_quotes (id, client_id, title, quote_number, status, total_amount, expiration_date, notes, created_at) values
  ('f3000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Remoção de condições (I-751)',
   'OR-2025-001', 'sent', 5500.00, current_date + 30, 'Para daqui a dois anos, após o Green Card condicional.', now() - interval '7 days'),
  ('f3000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 'Autorização de trabalho (I-765)',
   'OR-2025-002', 'draft', 1800.00, current_date + 15, null, now() - interval '3 days');

insert into public.messages (id, client_id, sender_type, sender_id, content, attachment_url, created_at) values
  ('f4000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'client', '10000000-0000-4000-8000-000000000005',
   'Bom dia! Já enviei a cópia do passaporte. Precisam de mais alguma coisa?', null, now() - interval '21 days'),
  ('f4000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 'office', '10000000-0000-4000-8000-000000000002',
   'Bom dia, Maria! Recebemos, obrigado. Agora precisamos da certidão de casamento com tradução.', null, now() - interval '20 days'),
  ('f4000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', 'client', '10000000-0000-4000-8000-000000000005',
   'Segue a certidão, a tradução chega na próxima semana.', 'attachments/c0000000-0000-4000-8000-000000000001/1700000000000-certidao.pdf', now() - interval '9 days'),
  ('f4000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000002', 'office', '10000000-0000-4000-8000-000000000004',
   'Olá, João! Sua biometria do N-400 foi agendada. Enviaremos os detalhes por e-mail.', null, now() - interval '5 days'),
  ('f4000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000002', 'client', '10000000-0000-4000-8000-000000000006',
   'Obrigado! Posso levar um acompanhante no dia?', null, now() - interval '4 days'),
  ('f4000000-0000-4000-8000-000000000006', 'c0000000-0000-4000-8000-000000000002', 'office', '10000000-0000-4000-8000-000000000002',
   'Pode sim, mas ele aguardará do lado de fora da sala.', null, now() - interval '4 days' + interval '2 hours');

insert into public.client_documents (id, client_id, process_id, name, file_path, uploaded_by, uploader_id, document_type, created_at, shared_with_client) values
  ('f5000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 1, 'Passaporte',
   'c0000000-0000-4000-8000-000000000001/1700000000000.pdf', 'client', '10000000-0000-4000-8000-000000000005', 'passaporte', now() - interval '21 days', true),
  ('f5000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 1, 'Contrato assinado',
   'c0000000-0000-4000-8000-000000000001/1700000100000.pdf', 'office', '10000000-0000-4000-8000-000000000002', 'contrato', now() - interval '84 days', true),
  ('f5000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002', 2, 'Green Card (frente e verso)',
   'c0000000-0000-4000-8000-000000000002/1700000200000.jpg', 'client', '10000000-0000-4000-8000-000000000006', 'identidade', now() - interval '50 days', true),
  ('f5000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000002', 3, 'Aviso de audiência (EOIR)',
   'c0000000-0000-4000-8000-000000000002/1700000300000.pdf', 'office', '10000000-0000-4000-8000-000000000002', 'notificação', now() - interval '30 days', true);

-- ---------------------------------------------------------------------------
-- service interactions (atendimento)
-- ---------------------------------------------------------------------------
insert into public.interactions (id, client_id, process_id, type, content, contact_date, duration_minutes, status, created_by, created_by_name) values
  ('f6000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 1, 'call',
   'Ligação para explicar os próximos passos do I-485 e a entrevista.', now() - interval '12 days', 25, 'completed',
   '10000000-0000-4000-8000-000000000002', 'Bruno Assistente'),
  ('f6000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 2, 'meeting',
   'Reunião de preparo para a entrevista de cidadania (N-400).', now() + interval '3 days', 60, 'scheduled',
   '10000000-0000-4000-8000-000000000004', 'Daniela Secretária'),
  ('f6000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002', 3, 'document',
   'Aguardando declaração de testemunha para o pedido de asilo.', now() - interval '2 days', null, 'pending',
   '10000000-0000-4000-8000-000000000002', 'Bruno Assistente'),
  ('f6000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000001', null, 'message',
   'Cliente pediu segunda via do contrato por WhatsApp.', now() - interval '6 days', null, 'completed',
   '10000000-0000-4000-8000-000000000003', 'Carla Comercial'),
  ('f6000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000001', 5, 'meeting',
   'Reunião sobre renovação de DACA cancelada pela cliente.', now() - interval '30 days', 30, 'cancelled',
   '10000000-0000-4000-8000-000000000001', 'Ana Administradora');

-- ---------------------------------------------------------------------------
-- forms
-- ---------------------------------------------------------------------------
-- Maria Silva's intake questionnaire, partly answered and sent to the office.
insert into public.client_questionnaires (id, client_id, answers, status, submitted_at, created_at, updated_at) values
  ('f7000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   jsonb_build_object(
     'personal', jsonb_build_object('full_name', 'Maria Aparecida Silva', 'date_of_birth', '1988-03-14', 'sex', 'F',
       'city_of_birth', 'Governador Valadares', 'country_of_birth', 'Brasil', 'nationality', 'Brasil',
       'a_number', 'A201234567', 'phone', '+1 (508) 555-0142', 'email', 'maria.silva@cliente.test'),
     'names_used', jsonb_build_array(jsonb_build_object('full_name', 'Maria Aparecida Rocha')),
     'addresses', jsonb_build_array(
       jsonb_build_object('street', '120 Main St, Apt 3', 'city', 'Framingham', 'state', 'MA', 'zip', '01702',
         'country', 'Estados Unidos', 'from', to_char(current_date - interval '3 years', 'YYYY-MM-DD'), 'to', '')),
     'marital', jsonb_build_object('status', 'casado', 'spouse_full_name', 'Paulo Henrique Silva',
       'marriage_date', '2012-07-21', 'marriage_place', 'Governador Valadares, Brasil'),
     'immigration', jsonb_build_object('last_entry_date', to_char(current_date - interval '4 years', 'YYYY-MM-DD'),
       'last_entry_place', 'Boston, MA', 'status_at_entry', 'B2', 'removal_proceedings', 'nao')),
   'enviado', now() - interval '10 days', now() - interval '20 days', now() - interval '10 days');

-- João Souza has started his: a draft with his personal data only.
insert into public.client_questionnaires (id, client_id, answers, status, created_at, updated_at) values
  ('f7000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002',
   jsonb_build_object('personal', jsonb_build_object('full_name', 'João Carlos Souza', 'country_of_birth', 'Brasil',
     'nationality', 'Brasil', 'email', 'joao.souza@cliente.test')),
   'rascunho', now() - interval '6 days', now() - interval '2 days');

-- An I-751 edition in the library with a first mapping, so that Configurar mapeamento has something to show.
-- Its field list is a short illustrative one and its PDF (bucket uscis_forms) is not part of the seed (the
-- table does not require the object to exist): staff import the real file (Importar Formulário) before filling.
insert into public.uscis_form_editions (id, form_id, edition_date, storage_path, fields, imported_by, created_at) values
  (1, 3, '2024-04-01', 'I-751/2024-04-01-demo.pdf',
   '[{"name": "Pt1Line1a_FamilyName", "type": "text", "label": "Family Name (Last Name)"},
     {"name": "Pt1Line1b_GivenName", "type": "text", "label": "Given Name (First Name)"},
     {"name": "Pt1Line2_DateOfBirth", "type": "text", "label": "Date of Birth (mm/dd/yyyy)"},
     {"name": "Pt1Line4_AlienNumber", "type": "text", "label": "Alien Registration Number (A-Number)"}]'::jsonb,
   '10000000-0000-4000-8000-000000000002', now() - interval '30 days');
select setval(pg_get_serial_sequence('public.uscis_form_editions', 'id'), 1);
insert into public.uscis_form_mappings (edition_id, version, field_name, data_path, transform, created_by, created_at) values
  (1, 1, 'Pt1Line1b_GivenName', 'client.full_name', 'name_first', '10000000-0000-4000-8000-000000000002', now() - interval '29 days'),
  (1, 1, 'Pt1Line2_DateOfBirth', 'questionnaire.personal.date_of_birth', 'date_mdy', '10000000-0000-4000-8000-000000000002', now() - interval '29 days'),
  (1, 1, 'Pt1Line4_AlienNumber', 'questionnaire.personal.a_number', 'a_number', '10000000-0000-4000-8000-000000000002', now() - interval '29 days');

-- ---------------------------------------------------------------------------
-- finance
-- ---------------------------------------------------------------------------
-- The first contracts, payments and quotes above were priced in reais.
update public.financial_contracts set currency = 'BRL'
where id in ('f1000000-0000-4000-8000-000000000001', 'f1000000-0000-4000-8000-000000000002');
update public.financial_payments set currency = 'BRL'
where id in ('f2000000-0000-4000-8000-000000000001', 'f2000000-0000-4000-8000-000000000002',
             'f2000000-0000-4000-8000-000000000003', 'f2000000-0000-4000-8000-000000000004');
update public.financial_quotes set currency = 'BRL'
where id in ('f3000000-0000-4000-8000-000000000001', 'f3000000-0000-4000-8000-000000000002');

-- USD->BRL rates of the offline demo provider for the last 120 weekdays (source 'demo', not PTAX).
insert into public.exchange_rates (base_currency, quote_currency, rate, rate_date, source)
select 'USD', 'BRL', round((5.30 + 0.15 * sin(extract(doy from d)::float8 / 9))::numeric, 4), d::date, 'demo'
from generate_series(current_date - 170, current_date, interval '1 day') as d
where extract(isodow from d) < 6;

-- Carla Comercial earns 10% of what the clients of the contracts she sold pay.
insert into public.financial_commission_rules (id, staff_id, percentage) values
  ('fa000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000003', 10.00);

-- Maria: a quote in dollars sent for her decision (fees and honorários).
insert into public.financial_quotes (id, client_id, title, quote_number, status, total_amount, currency, discount_amount,
  expiration_date, notes, exchange_rate, exchange_rate_date, fees_date, sales_staff_id, created_by, sent_at, created_at)
select 'fa100000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Honorários e taxa do I-751',
       'OR-2025-003', 'sent', 0, 'USD', 250.00, current_date + 20, 'Honorários e taxa do USCIS; desconto de fidelidade.',
       r.rate, r.rate_date, current_date, '10000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000002',
       now() - interval '2 days', now() - interval '3 days'
from public.exchange_rate_on(current_date) r;
insert into public.financial_quote_items (id, quote_id, position, kind, description, quantity, unit_price) values
  ('fa200000-0000-4000-8000-000000000001', 'fa100000-0000-4000-8000-000000000001', 1, 'custom',
   'Honorários: preparação do I-751 e acompanhamento', 1, 3000.00);
insert into public.financial_quote_items (id, quote_id, position, uscis_fee_id, description, quantity, unit_price)
select 'fa200000-0000-4000-8000-000000000002', 'fa100000-0000-4000-8000-000000000001', 2, f.id, null, 1, null
from public.financial_uscis_fees f where f.form_code = 'I-751' and f.is_active limit 1;

-- João: a quote he accepted, its contract (entrada + 4 parcelas) and what he paid: one installment is
-- partly paid and 45 days late, the next 15 days late, the last not yet due.
insert into public.financial_quotes (id, client_id, title, quote_number, status, total_amount, currency, expiration_date,
  exchange_rate, exchange_rate_date, fees_date, sales_staff_id, created_by, sent_at, decided_at, decided_by, created_at)
select 'fa100000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 'Defesa na corte de imigração (asilo)',
       'OR-2025-004', 'accepted', 0, 'USD', current_date - 80, r.rate, r.rate_date, current_date - 95,
       '10000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000002',
       now() - interval '94 days', now() - interval '92 days', '10000000-0000-4000-8000-000000000006', now() - interval '95 days'
from public.exchange_rate_on(current_date - 95) r;
insert into public.financial_quote_items (id, quote_id, position, kind, description, quantity, unit_price) values
  ('fa200000-0000-4000-8000-000000000003', 'fa100000-0000-4000-8000-000000000002', 1, 'custom',
   'Honorários: representação nas audiências (EOIR)', 1, 6000.00);

insert into public.financial_contracts (id, client_id, title, contract_number, status, total_amount, currency, payment_terms,
  start_date, end_date, quote_id, process_id, sales_staff_id, down_payment, installment_count, exchange_rate,
  exchange_rate_date, created_at)
select 'fa300000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 'Defesa na corte de imigração (asilo)',
       'CT-2025-003', 'active', 6000.00, 'USD', 'Entrada de US$ 1.200,00 e 4 parcelas de US$ 1.200,00',
       current_date - 90, current_date + 15, 'fa100000-0000-4000-8000-000000000002', 3,
       '10000000-0000-4000-8000-000000000003', 1200.00, 4, q.exchange_rate, q.exchange_rate_date, now() - interval '90 days'
from public.financial_quotes q where q.id = 'fa100000-0000-4000-8000-000000000002';
insert into public.financial_installments (id, contract_id, client_id, number, due_date, amount, currency) values
  ('fa400000-0000-4000-8000-000000000000', 'fa300000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 0, current_date - 90, 1200.00, 'USD'),
  ('fa400000-0000-4000-8000-000000000001', 'fa300000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 1, current_date - 75, 1200.00, 'USD'),
  ('fa400000-0000-4000-8000-000000000002', 'fa300000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 2, current_date - 45, 1200.00, 'USD'),
  ('fa400000-0000-4000-8000-000000000003', 'fa300000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 3, current_date - 15, 1200.00, 'USD'),
  ('fa400000-0000-4000-8000-000000000004', 'fa300000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 4, current_date + 15, 1200.00, 'USD');
insert into public.financial_payments (id, client_id, contract_id, installment_id, amount, currency, payment_date,
  payment_method, status, notes, recorded_by) values
  ('fa500000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 'fa300000-0000-4000-8000-000000000001',
   'fa400000-0000-4000-8000-000000000000', 1200.00, 'USD', current_date - 90, 'zelle', 'paid', 'Entrada', '10000000-0000-4000-8000-000000000002'),
  ('fa500000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 'fa300000-0000-4000-8000-000000000001',
   'fa400000-0000-4000-8000-000000000001', 1200.00, 'USD', current_date - 74, 'pix', 'paid', null, '10000000-0000-4000-8000-000000000002'),
  ('fa500000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002', 'fa300000-0000-4000-8000-000000000001',
   'fa400000-0000-4000-8000-000000000002', 500.00, 'USD', current_date - 40, 'transferencia', 'paid', 'Pagamento parcial', '10000000-0000-4000-8000-000000000001');

-- Maria: the installments of CT-2025-001 (entrada of R$ 4.000,00 and 4 monthly parcelas of R$ 2.000,00, the
-- first due with her pending boleto). The entrada she paid (the first payment above) settles installment 0.
update public.financial_contracts set down_payment = 4000.00, installment_count = 4
where id = 'f1000000-0000-4000-8000-000000000001';
insert into public.financial_installments (id, contract_id, client_id, number, due_date, amount, currency) values
  ('fa400000-0000-4000-8000-000000000010', 'f1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 0, current_date - 85, 4000.00, 'BRL'),
  ('fa400000-0000-4000-8000-000000000011', 'f1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 1, current_date + 5, 2000.00, 'BRL'),
  ('fa400000-0000-4000-8000-000000000012', 'f1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 2, current_date + 35, 2000.00, 'BRL'),
  ('fa400000-0000-4000-8000-000000000013', 'f1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 3, current_date + 65, 2000.00, 'BRL'),
  ('fa400000-0000-4000-8000-000000000014', 'f1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 4, current_date + 95, 2000.00, 'BRL');
update public.financial_payments set installment_id = 'fa400000-0000-4000-8000-000000000010', payment_method = 'pix'
where id = 'f2000000-0000-4000-8000-000000000001';

-- ---------------------------------------------------------------------------
-- agenda: appointments, tasks, CRM leads (the office settings row comes from its migration; the EOIR
-- hearing and the biometrics status above already created a preparation task and an appointment)
-- ---------------------------------------------------------------------------
insert into public.appointments (id, client_id, staff_id, process_id, starts_at, duration_minutes, kind, location, meeting_link, status, notes) values
  ('a6000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002', 1,
   ((current_date + 3) + time '10:00') at time zone 'America/New_York', 60, 'presencial', '120 Main St, Sala 4, Framingham, MA', null,
   'confirmado', 'Revisão dos documentos do I-485.'),
  ('a6000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', 3,
   ((current_date + 5) + time '14:30') at time zone 'America/New_York', 45, 'online', null, 'https://meet.google.com/abc-defg-hij',
   'agendado', 'Preparação para a audiência individual.'),
  ('a6000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', null, null,
   ((current_date + 9) + time '11:00') at time zone 'America/New_York', 30, 'online', null, null,
   'solicitado', 'Gostaria de conversar sobre a autorização de trabalho.');

insert into public.tasks (id, title, description, assignee_id, due_date, priority, status, client_id, process_id, created_by) values
  ('a7000000-0000-4000-8000-000000000001', 'Revisar formulário I-485 de Maria Silva', 'Conferir endereços dos últimos 5 anos.',
   '10000000-0000-4000-8000-000000000002', current_date + 2, 'alta', 'pendente',
   'c0000000-0000-4000-8000-000000000001', 1, '10000000-0000-4000-8000-000000000001'),
  ('a7000000-0000-4000-8000-000000000002', 'Traduzir certidão de casamento', null,
   '10000000-0000-4000-8000-000000000004', current_date - 1, 'media', 'em_andamento',
   'c0000000-0000-4000-8000-000000000002', 3, '10000000-0000-4000-8000-000000000001'),
  ('a7000000-0000-4000-8000-000000000003', 'Ligar para o cliente sobre a biometria', null,
   '10000000-0000-4000-8000-000000000004', current_date + 6, 'baixa', 'pendente',
   'c0000000-0000-4000-8000-000000000002', 2, '10000000-0000-4000-8000-000000000002'),
  ('a7000000-0000-4000-8000-000000000004', 'Enviar recibo de pagamento', null,
   '10000000-0000-4000-8000-000000000003', current_date - 3, 'media', 'concluida',
   'c0000000-0000-4000-8000-000000000001', null, '10000000-0000-4000-8000-000000000001');

insert into public.task_comments (task_id, author_id, body, created_at) values
  ('a7000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000004',
   'Tradutora juramentada contratada; entrega prevista para amanhã.', now() - interval '1 day');

insert into public.leads (id, name, email, phone, source, case_type_interest, stage, owner_id, notes, created_at, stage_changed_at) values
  ('a8000000-0000-4000-8000-000000000001', 'Rafael Mendes', 'rafael.mendes@example.com', '+1 (617) 555-0190', 'instagram',
   'Visto de Trabalho', 'novo', '10000000-0000-4000-8000-000000000003', 'Engenheiro, quer saber do EB-2 NIW.', now() - interval '2 days', now() - interval '2 days'),
  ('a8000000-0000-4000-8000-000000000002', 'Luciana Prado', 'luciana.prado@example.com', '+1 (973) 555-0133', 'indicacao',
   'Green Card', 'contato', '10000000-0000-4000-8000-000000000003', 'Indicada por Maria Silva.', now() - interval '10 days', now() - interval '6 days'),
  ('a8000000-0000-4000-8000-000000000003', 'Fernando Costa', 'fernando.costa@example.com', null, 'site',
   'Asilo', 'proposta', '10000000-0000-4000-8000-000000000001', null, now() - interval '20 days', now() - interval '3 days'),
  ('a8000000-0000-4000-8000-000000000004', 'Juliana Rocha', null, '+55 (21) 99876-5432', 'whatsapp',
   'Naturalização', 'perdido', '10000000-0000-4000-8000-000000000003', 'Decidiu adiar o processo.', now() - interval '40 days', now() - interval '30 days');

insert into public.lead_activities (lead_id, kind, body, author_id, created_at) values
  ('a8000000-0000-4000-8000-000000000002', 'ligacao', 'Primeira ligação: interessada em ajuste de status pelo casamento.',
   '10000000-0000-4000-8000-000000000003', now() - interval '6 days'),
  ('a8000000-0000-4000-8000-000000000003', 'reuniao', 'Consulta inicial realizada; proposta enviada por e-mail.',
   '10000000-0000-4000-8000-000000000001', now() - interval '3 days');

-- notify
-- Channel consents of the demo clients (LGPD: the time of each opt-in is kept): Maria receives e-mails,
-- João e-mails and WhatsApp (E.164). The notifications the seed's rows created are in-app only: the
-- consents come after them. Later changes reach the local mail sink (make status: INBUCKET_URL).
insert into public.client_channel_consents (client_id, channel, granted, phone, granted_at) values
  ('c0000000-0000-4000-8000-000000000001', 'email', true, null, now() - interval '30 days'),
  ('c0000000-0000-4000-8000-000000000002', 'email', true, null, now() - interval '20 days'),
  ('c0000000-0000-4000-8000-000000000002', 'whatsapp', true, '+5511912345678', now() - interval '20 days')
on conflict (client_id, channel) do nothing;

-- office profile
-- The office's address and contacts (finance PDFs, the portal) and its responsible attorney (USCIS forms such
-- as the G-28). Made-up values: 555-01xx numbers and .test addresses.
update public.office_settings set
  office_street = '100 Federal Street', office_suite = 'Suite 1200', office_city = 'Boston', office_state = 'MA',
  office_zip = '02110', office_phone = '+1 (617) 555-0100', office_email = 'contato@escritorio.test',
  office_website = 'https://escritorio.test',
  attorney_name = 'Helena Duarte Ramos', attorney_bar_number = '681234', attorney_bar_state = 'MA',
  attorney_licensing_authority = 'Supreme Judicial Court of Massachusetts', attorney_eoir_id = 'QX123456',
  attorney_email = 'helena.ramos@escritorio.test', attorney_phone = '+1 (617) 555-0101',
  attorney_mobile = '+1 (617) 555-0142', attorney_fax = '+1 (617) 555-0199'
where id;

-- where the case stands
-- The Visa Bulletin of October 2025 as published by the State Department, the column that applies to Brazil
-- ("All Chargeability Areas Except Those Listed"); an administrator imports whole months in Configurações.
-- One processing time typed by staff, marked as an example.
insert into public.visa_bulletin_months (month, uscis_chart_family, uscis_chart_employment, source) values
  ('2025-10-01', 'dates_for_filing', 'final_action', 'upload');
insert into public.visa_bulletins (month, chart, category, chargeability, cutoff, cutoff_date)
select '2025-10-01', v.chart, v.category, 'ALL', v.cutoff,
       case when v.cutoff in ('C', 'U') then null else to_date(v.cutoff, 'DDMONYY') end
  from (values
    ('final_action', 'F1', '08NOV16'), ('final_action', 'F2A', '01FEB24'), ('final_action', 'F2B', '22NOV16'),
    ('final_action', 'F3', '08SEP11'), ('final_action', 'F4', '08JAN08'), ('final_action', 'EB1', 'C'),
    ('final_action', 'EB2', '01DEC23'), ('final_action', 'EB3', '01APR23'), ('final_action', 'EB3-OW', '15JUL21'),
    ('final_action', 'EB4', '01JUL20'), ('final_action', 'EB4-RW', 'U'), ('final_action', 'EB5', 'C'),
    ('dates_for_filing', 'F1', '01SEP17'), ('dates_for_filing', 'F2A', '22SEP25'),
    ('dates_for_filing', 'F2B', '01JAN17'), ('dates_for_filing', 'F3', '22JUL12'),
    ('dates_for_filing', 'F4', '01MAR09'), ('dates_for_filing', 'EB1', 'C'), ('dates_for_filing', 'EB2', '15JUL24'),
    ('dates_for_filing', 'EB3', '01JUL23'), ('dates_for_filing', 'EB3-OW', '01DEC21'),
    ('dates_for_filing', 'EB4', '15FEB21'), ('dates_for_filing', 'EB4-RW', 'U'), ('dates_for_filing', 'EB5', 'C')
  ) as v(chart, category, cutoff);
-- no USCIS processing times: an office types the times USCIS publishes for its forms (Fila > Tempos do USCIS);
-- an invented figure here would reach a client's card as if USCIS had said it

-- Online payments on a development stack: the office's Pix key (no secret in it); card payments go to the local
-- Stripe fake until an administrator stores a Stripe account in Integrações.
insert into public.system_settings (key, value) values
  ('pix', '{"key": "financeiro@escritorio.test", "merchantName": "Escritorio de Imigracao", "merchantCity": "Sao Paulo"}')
on conflict (key) do nothing;
