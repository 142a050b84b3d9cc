-- A large office on top of the demo seed: ten years of an office's clients, cases and conversations.
-- At scale 1: 5,000 clients, 20,000 processes, 40,000 USCIS receipts with 120,000 status changes, 40,000
-- process events, 300,000 messages, 100,000 documents, 12,500 contracts with 50,000 installments, 20,000
-- appointments, 20,000 tasks, 20,000 interactions, 5,000 quotes, 3,000 leads, 500,000 notifications and 600,000
-- deliveries.
-- Deterministic: every value comes from the row's number (no random()); dates are relative to the day it runs.
-- The caller sets `seed.scale` (e.g. `set seed.scale = '0.1'`) and runs this file in one transaction as the
-- database owner (scripts/seed_large.py does). Triggers are off while it loads (session_replication_role), so
-- no notification is queued and no audit row is written for generated rows; the rows are consistent by
-- construction (every foreign key names a generated or demo row).
set local session_replication_role = replica;
set local synchronous_commit = off;

create temporary table seed_n on commit drop as
select greatest(1, ceil(5000 * s))::int   as clients,
       greatest(1, ceil(20000 * s))::int  as processes,
       greatest(1, ceil(300000 * s))::int as messages,
       greatest(1, ceil(100000 * s))::int as documents,
       greatest(1, ceil(12500 * s))::int  as contracts,
       greatest(1, ceil(20000 * s))::int  as appointments,
       greatest(1, ceil(20000 * s))::int  as tasks,
       greatest(1, ceil(20000 * s))::int  as interactions,
       greatest(1, ceil(5000 * s))::int   as quotes,
       greatest(1, ceil(3000 * s))::int   as leads,
       greatest(1, ceil(500000 * s))::int as notifications,
       greatest(1, ceil(100000 * s))::int as extra_deliveries
  from (select current_setting('seed.scale')::numeric as s) x;

-- the demo seed's staff and clients, so that every demo log-in sees a large office
create temporary table seed_staff on commit drop as
select row_number() over (order by user_id) - 1 as k, user_id
  from (select distinct user_id from public.user_roles where role <> 'client') s;
create temporary table seed_demo_clients on commit drop as
select row_number() over (order by id) - 1 as k, id from public.clients where user_id is not null;

-- idempotence: a second run adds nothing
do $$
begin
  if exists (select 1 from public.clients where email like 'cliente%@escritorio-grande.test') then
    raise exception 'the large office is already in this database';
  end if;
end
$$;

-- Clients ---------------------------------------------------------------------------------------------
create temporary table seed_clients on commit drop as
select i as ci, md5('large-client-' || i)::uuid as id,
       (array['Maria','João','Ana','Pedro','Iracema','Lucas','Juliana','Rafael','Fernanda','Carlos','Beatriz',
              'Gustavo','Camila','Thiago','Larissa','Marcos','Patrícia','Bruno','Aline','Diego'])[1 + i % 20]
       || ' ' ||
       (array['Silva','Souza','Oliveira','Santos','Pereira','Lima','Costa','Ferreira','Rodrigues','Almeida',
              'Nascimento','Araújo','Barbosa','Ribeiro','Carvalho','Gomes','Martins','Rocha','Mendes',
              'Cavalcanti','Moreira','Teixeira','Correia','Vieira','Monteiro','Batista','Freitas','Dias',
              'Castro','Campos','Fonseca','Moura','Pinto','Cardoso','Ramos','Nunes','Machado','Lopes',
              'Azevedo','Brito','Farias','Queiroz','Sampaio','Tavares','Xavier','Andrade','Borges',
              'Siqueira','Pacheco','Rezende'])[1 + (i / 20) % 50]
       || case when i >= 1000 then ' ' || (array['Neto','Filho','Júnior','Sobrinho','da Cruz'])[1 + (i / 1000) % 5]
               else '' end as full_name,
       now() - make_interval(days => (3650 - (i * 3650 / (select clients from seed_n)))::int,
                             secs => (i % 86400)) as created_at
  from generate_series(0, (select clients from seed_n) - 1) i;
analyze seed_clients;

insert into public.clients (id, full_name, email, phone, address, a_number, date_of_birth, nationality,
                            created_at, updated_at)
select id, full_name, 'cliente' || ci || '@escritorio-grande.test',
       '+1 (' || (200 + ci % 700) || ') 555-' || lpad((ci % 10000)::text, 4, '0'),
       (100 + ci % 900) || ' Main St, Framingham, MA 017' || lpad((ci % 100)::text, 2, '0'),
       case when ci % 3 = 0 then 'A' || lpad((200000000 + ci)::text, 9, '0') end,
       date '1960-01-01' + (ci * 37) % 15000,
       (array['Brasil','Brasil','Brasil','Portugal','Angola'])[1 + ci % 5],
       created_at, created_at + interval '1 day'
  from seed_clients;

-- Processes (ids after the demo's; about 78% still open) ------------------------------------------------
create temporary table seed_processes on commit drop as
select i as pi, (select coalesce(max(id), 0) from public.processes) + 1 + i as id,
       c.id as client_id, c.full_name as client_name,
       (array['Green Card','Naturalização','Asilo','Visto de Trabalho','Petição Familiar','Renovação de Green Card',
              'Autorização de Trabalho','Visto de Estudante'])[1 + i % 8] as type,
       c.created_at + make_interval(days => i % 200) as created_at
  from generate_series(0, (select processes from seed_n) - 1) i
  join seed_clients c on c.ci = i % (select clients from seed_n);
analyze seed_processes;

insert into public.processes (id, type, client_id, client_name, receipt_number, category, stage, status, last_update,
                              next_date, created_at, updated_at, responsible_id, description, opened_at, closed_at)
select p.id, p.type, p.client_id, p.client_name,
       'IOE' || lpad((8000000000 + p.pi)::text, 10, '0'),
       (array['Imigratório - USCIS','EOIR','USCIS','Consular'])[1 + p.pi % 4],
       (array['Protocolado','Em processamento','Biometria','Entrevista agendada','Aprovado'])[1 + p.pi % 5],
       case when p.pi % 50 < 39 then (array['em andamento','em análise','aguardando entrevista'])[1 + p.pi % 3]
            else (array['concluído','arquivado','cancelado'])[1 + p.pi % 3] end,
       (least(p.created_at + make_interval(days => p.pi % 400), now()))::date,
       current_date + (p.pi % 120),
       p.created_at, least(p.created_at + make_interval(days => p.pi % 400), now()),
       (select user_id from seed_staff where k = p.pi % (select count(*) from seed_staff)),
       'Processo de ' || p.type || ' de ' || p.client_name || '.',
       p.created_at::date,
       case when p.pi % 50 >= 39 then least(p.created_at + make_interval(days => 300), now()) end
  from seed_processes p;
select setval(pg_get_serial_sequence('public.processes', 'id'), (select max(id) from public.processes));

insert into public.process_events (id, process_id, kind, from_value, to_value, actor_id, created_at)
select md5('large-event-' || p.pi || '-' || e)::uuid, p.id,
       case e when 0 then 'created' else 'stage_change' end,
       case e when 0 then null else 'Protocolado' end,
       case e when 0 then null else 'Em processamento' end,
       (select user_id from seed_staff where k = p.pi % (select count(*) from seed_staff)),
       p.created_at + make_interval(days => e * 30)
  from seed_processes p, generate_series(0, 1) e;

-- USCIS receipts (two per process) and their histories (three changes each) -----------------------------
create temporary table seed_receipts on commit drop as
select p.pi * 2 + r as ri, md5('large-receipt-' || p.pi || '-' || r)::uuid as id, p.id as process_id,
       (array['IOE','MSC','EAC','WAC','LIN','SRC'])[1 + (p.pi * 2 + r) % 6]
       || lpad((9000000000 + p.pi * 2 + r)::text, 10, '0') as receipt_number,
       p.created_at
  from seed_processes p, generate_series(0, 1) r;

insert into public.uscis_receipts (id, process_id, receipt_number, last_status, last_checked_at, last_updated_at,
                                   next_action_date, created_by, created_at, updated_at)
select r.id, r.process_id, r.receipt_number,
       (array['Case Was Received','Fingerprint Fee Was Received','Case Is Being Actively Reviewed By USCIS',
              'Interview Was Scheduled','Case Was Approved'])[1 + r.ri % 5],
       now() - make_interval(hours => r.ri % 72), r.created_at + interval '60 days', current_date + (r.ri % 90),
       (select user_id from seed_staff where k = r.ri % (select count(*) from seed_staff)),
       r.created_at, r.created_at + interval '60 days'
  from seed_receipts r;

insert into public.uscis_status_history (id, receipt_id, status, details, updated_at)
select md5('large-history-' || r.ri || '-' || h)::uuid, r.id,
       (array['Case Was Received','Fingerprint Fee Was Received','Case Is Being Actively Reviewed By USCIS'])[1 + h],
       'On ' || to_char(r.created_at + make_interval(days => h * 30), 'Month DD, YYYY') || ', we updated your case.',
       r.created_at + make_interval(days => h * 30)
  from seed_receipts r, generate_series(0, 2) h;

-- Messages: every client's conversation, the demo clients' the longest ----------------------------------
insert into public.messages (id, client_id, sender_type, sender_id, content, created_at, read_at)
select md5('large-message-' || i)::uuid, coalesce(d.id, c.id),
       case when i % 3 = 0 then 'office' else 'client' end,
       case when i % 3 = 0 then (select user_id from seed_staff where k = i % (select count(*) from seed_staff)) end,
       (array['Bom dia! Enviei os documentos pedidos.','Obrigado, recebemos. Vamos analisar.',
              'Alguma novidade sobre o meu processo?','Sua entrevista foi marcada; veja os detalhes no portal.',
              'Preciso remarcar o atendimento de amanhã.'])[1 + i % 5],
       now() - make_interval(mins => (select messages from seed_n) - i),
       case when i % 7 <> 0 then now() - make_interval(mins => (select messages from seed_n) - i - 5) end
  from generate_series(0, (select messages from seed_n) - 1) i
  join seed_clients c on c.ci = i % (select clients from seed_n)
  left join seed_demo_clients d on i % 100 = 0 and d.k = (i / 100) % (select count(*) from seed_demo_clients);
-- sender_id of client messages: the demo clients' own user
update public.messages m set sender_id = c.user_id
  from public.clients c
 where m.client_id = c.id and c.user_id is not null and m.sender_type = 'client' and m.sender_id is null;
-- each client's conversation and its latest activity (the trigger on messages keeps them; triggers are off here)
insert into public.conversations as cv (client_id, last_message_at)
select m.client_id, max(m.created_at) from public.messages m group by m.client_id
on conflict (client_id) do update set last_message_at = greatest(cv.last_message_at, excluded.last_message_at);
-- each client's unread count for the office (the triggers on messages keep it; triggers are off here)
select public.conversation_unread_recount();

-- Documents ---------------------------------------------------------------------------------------------
insert into public.client_documents (id, client_id, process_id, name, file_path, uploaded_by, document_type, created_at,
                                     shared_with_client)
select md5('large-document-' || i)::uuid, p.client_id, p.id,
       (array['Passaporte','Certidão de nascimento','Certidão de casamento','Comprovante de residência',
              'Formulário I-485','Carta de emprego'])[1 + i % 6] || ' ' || i || '.pdf',
       p.client_id || '/large/' || i || '.pdf',
       case when i % 2 = 0 then 'client' else 'office' end,
       (array['passport','birth_certificate','marriage_certificate','other'])[1 + i % 4],
       p.created_at + make_interval(days => i % 300),
       i % 2 = 0 or i % 3 = 0
  from generate_series(0, (select documents from seed_n) - 1) i
  join seed_processes p on p.pi = i % (select processes from seed_n);

-- Contracts and installments (four each) ----------------------------------------------------------------
create temporary table seed_contracts on commit drop as
select i as ki, md5('large-contract-' || i)::uuid as id, p.client_id, p.id as process_id, p.created_at,
       (array['USD','USD','BRL'])[1 + i % 3] as currency, (1200 + (i % 40) * 100)::numeric(12,2) as total
  from generate_series(0, (select contracts from seed_n) - 1) i
  join seed_processes p on p.pi = i % (select processes from seed_n);

insert into public.financial_contracts (id, client_id, title, contract_number, status, total_amount, start_date,
                                        created_at, updated_at, currency, process_id, sales_staff_id,
                                        installment_count)
select c.id, c.client_id, 'Contrato de honorários', 'CT-G' || lpad(c.ki::text, 7, '0'),
       (array['active','active','completed','cancelled'])[1 + c.ki % 4], c.total, c.created_at::date,
       c.created_at, c.created_at, c.currency, c.process_id,
       (select user_id from seed_staff where k = c.ki % (select count(*) from seed_staff)), 4
  from seed_contracts c;

insert into public.financial_installments (id, contract_id, client_id, number, due_date, amount, currency, paid_amount,
                                           status, paid_at, created_at, updated_at)
select md5('large-installment-' || c.ki || '-' || n)::uuid, c.id, c.client_id, n,
       (c.created_at + make_interval(months => n))::date, c.total / 4, c.currency,
       case when (c.created_at + make_interval(months => n)) < now() - interval '30 days' then c.total / 4 else 0 end,
       case when (c.created_at + make_interval(months => n)) < now() - interval '30 days' then 'paid' else 'pending' end,
       case when (c.created_at + make_interval(months => n)) < now() - interval '30 days'
            then c.created_at + make_interval(months => n) end,
       c.created_at, c.created_at
  from seed_contracts c, generate_series(1, 4) n;

-- Quotes (one per four processes) and the commercial team's leads ---------------------------------------
insert into public.financial_quotes (id, client_id, title, quote_number, status, total_amount, subtotal_amount,
                                     currency, expiration_date, fees_date, seller_id, created_at, updated_at)
select md5('large-quote-' || i)::uuid, p.client_id, 'Honorários e taxas', 'OR-G' || lpad(i::text, 7, '0'),
       (array['draft','sent','accepted','declined','expired'])[1 + i % 5], (900 + (i % 30) * 100)::numeric(12,2),
       (900 + (i % 30) * 100)::numeric(12,2), 'USD', (p.created_at + interval '30 days')::date, p.created_at::date,
       (select user_id from seed_staff where k = i % (select count(*) from seed_staff)), p.created_at, p.created_at
  from generate_series(0, (select quotes from seed_n) - 1) i
  join seed_processes p on p.pi = (i * 4) % (select processes from seed_n);

insert into public.leads (id, name, email, source, stage, owner_id, stage_changed_at, created_at, updated_at)
select md5('large-lead-' || i)::uuid, 'Interessado ' || lpad(i::text, 5, '0'), 'interessado' || i || '@contato.test',
       (array['indicacao','site','instagram','facebook','whatsapp','google','evento','outro'])[1 + i % 8],
       (array['novo','contato','proposta','fechado','perdido'])[1 + i % 5],
       (select user_id from seed_staff where k = i % (select count(*) from seed_staff)),
       now() - make_interval(hours => i * 7), now() - make_interval(hours => i * 7 + 24),
       now() - make_interval(hours => i * 7)
  from generate_series(0, (select leads from seed_n) - 1) i;

-- Agenda, tasks and interactions ------------------------------------------------------------------------
insert into public.appointments (id, client_id, staff_id, process_id, title, starts_at, duration_minutes, kind, status,
                                 created_by, created_at, updated_at)
select md5('large-appointment-' || i)::uuid, p.client_id,
       (select user_id from seed_staff where k = i % (select count(*) from seed_staff)), p.id,
       'Atendimento ' || p.type,
       date_trunc('hour', now()) + make_interval(hours => (i - (select appointments from seed_n) * 9 / 10) * 4),
       60, (array['presencial','online'])[1 + i % 2],
       case when i < (select appointments from seed_n) * 9 / 10 then 'realizado' else 'agendado' end,
       (select user_id from seed_staff where k = i % (select count(*) from seed_staff)),
       p.created_at, p.created_at
  from generate_series(0, (select appointments from seed_n) - 1) i
  join seed_processes p on p.pi = i % (select processes from seed_n);

insert into public.tasks (id, title, description, assignee_id, due_date, priority, status, client_id, process_id,
                          completed_at, created_by, created_at, updated_at)
select md5('large-task-' || i)::uuid, 'Revisar documentos de ' || p.client_name, 'Conferir a pasta do processo.',
       (select user_id from seed_staff where k = i % (select count(*) from seed_staff)),
       current_date + (i - (select tasks from seed_n) * 98 / 100) / 4,
       (array['alta','media','baixa'])[1 + i % 3],
       case when i < (select tasks from seed_n) * 98 / 100 then 'concluida' else 'pendente' end,
       p.client_id, p.id,
       case when i < (select tasks from seed_n) * 98 / 100 then p.created_at + interval '10 days' end,
       (select user_id from seed_staff where k = i % (select count(*) from seed_staff)),
       p.created_at, p.created_at
  from generate_series(0, (select tasks from seed_n) - 1) i
  join seed_processes p on p.pi = i % (select processes from seed_n);

insert into public.interactions (id, client_id, process_id, type, content, contact_date, created_by, created_by_name,
                                 created_at, updated_at)
select md5('large-interaction-' || i)::uuid, p.client_id, p.id,
       (array['call','message','document','meeting','other'])[1 + i % 5],
       'Conversa sobre o andamento do processo de ' || p.type || '.',
       p.created_at + make_interval(days => i % 90),
       (select user_id from seed_staff where k = i % (select count(*) from seed_staff)), 'Equipe',
       p.created_at + make_interval(days => i % 90), p.created_at + make_interval(days => i % 90)
  from generate_series(0, (select interactions from seed_n) - 1) i
  join seed_processes p on p.pi = i % (select processes from seed_n);

-- Notifications (staff and demo clients) and their deliveries -------------------------------------------
create temporary table seed_users on commit drop as
select row_number() over (order by user_id) - 1 as k, user_id
  from (select user_id from seed_staff union select c.user_id from public.clients c where c.user_id is not null) u;

insert into public.notifications (id, user_id, kind, title, body, link, client_id, process_id, created_at, read_at)
select md5('large-notification-' || i)::uuid,
       (select user_id from seed_users where k = i % (select count(*) from seed_users)),
       (array['message','process_update','document','appointment'])[1 + i % 4],
       (array['Nova mensagem','Atualização do processo','Novo documento','Atendimento marcado'])[1 + i % 4],
       'Veja os detalhes no sistema.', '/processos', null, null,
       now() - make_interval(mins => ((select notifications from seed_n) - i) * 10),
       case when i < (select notifications from seed_n) - 2000 then now() end
  from generate_series(0, (select notifications from seed_n) - 1) i;

insert into public.notification_deliveries (id, notification_id, user_id, channel, recipient, template, payload,
                                            status, attempts, next_attempt_at, idempotency_key, created_at, sent_at,
                                            last_error)
select md5('large-delivery-' || d.i)::uuid, n.id, n.user_id,
       (array['email','whatsapp'])[1 + d.i % 2], 'equipe@escritorio.test', 'notification', '{}'::jsonb,
       case when d.i % 500 = 1 then 'failed' when d.i % 1000 = 3 then 'dead' else 'sent' end,
       1, n.created_at, 'large-delivery-' || d.i, n.created_at,
       case when d.i % 500 in (1, 3) then null else n.created_at + interval '2 seconds' end,
       case when d.i % 500 = 1 then 'Timeout do provedor' end
  from generate_series(0, (select notifications from seed_n) + (select extra_deliveries from seed_n) - 1) d(i)
  join public.notifications n on n.id = md5('large-notification-' || (d.i % (select notifications from seed_n)))::uuid;
