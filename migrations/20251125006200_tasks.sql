-- The team's tasks (assignee, due date, priority, status, optional client and process) and their comments.
-- Staff only: clients see none of it. Deadlines the system creates carry a source (see the deadlines migration).

create table public.tasks (
  id           uuid primary key default gen_random_uuid(),
  title        text not null check (char_length(btrim(title)) between 3 and 200),
  description  text,
  assignee_id  uuid references auth.users (id) on delete set null,
  due_date     date,
  priority     text not null default 'media' check (priority in ('alta', 'media', 'baixa')),
  status       text not null default 'pendente' check (status in ('pendente', 'em_andamento', 'concluida', 'cancelada')),
  client_id    uuid references public.clients (id) on delete set null,
  process_id   bigint references public.processes (id) on delete set null,
  source       text check (source in ('eoir_hearing', 'uscis_rfe')),
  source_ref   text,
  completed_at timestamptz,
  reminded_for date,
  created_by   uuid default auth.uid() references auth.users (id) on delete set null,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);
comment on table public.tasks is 'Tasks of the office staff, optionally about a client and/or process; system deadlines have a source.';
comment on column public.tasks.reminded_for is 'Due date the assignee was last reminded of (one reminder per due date).';
create index tasks_assignee_idx on public.tasks (assignee_id, status, due_date);
create index tasks_due_date_idx on public.tasks (due_date) where status in ('pendente', 'em_andamento');
create index tasks_client_idx on public.tasks (client_id);
create index tasks_process_idx on public.tasks (process_id);
create index tasks_created_by_idx on public.tasks (created_by);
create index tasks_created_at_idx on public.tasks (created_at desc);
create unique index tasks_source_key on public.tasks (source, source_ref) where source is not null;
create trigger tasks_set_updated_at before update on public.tasks
  for each row execute function public.set_updated_at();
create trigger stamp_author before insert or update on public.tasks
  for each row execute function public.stamp_author('created_by');

-- completed_at follows the status, whoever changes it.
create or replace function public.stamp_task_completion() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'concluida' and (tg_op = 'INSERT' or old.status is distinct from 'concluida') then
    new.completed_at := now();
  elsif new.status <> 'concluida' then
    new.completed_at := null;
  end if;
  return new;
end
$$;
revoke execute on function public.stamp_task_completion() from public, anon, authenticated;
create trigger tasks_stamp_completion before insert or update of status on public.tasks
  for each row execute function public.stamp_task_completion();

alter table public.tasks enable row level security;
create policy "staff read tasks" on public.tasks
  for select to authenticated using ((select public.is_staff()));
create policy "staff add tasks" on public.tasks
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff change tasks" on public.tasks
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff remove tasks" on public.tasks
  for delete to authenticated using ((select public.is_staff()));
revoke all on public.tasks from anon;

create table public.task_comments (
  id         uuid primary key default gen_random_uuid(),
  task_id    uuid not null references public.tasks (id) on delete cascade,
  author_id  uuid default auth.uid() references auth.users (id) on delete set null,
  body       text not null check (char_length(btrim(body)) between 1 and 4000),
  created_at timestamptz not null default now()
);
comment on table public.task_comments is 'Comments of the staff on a task (append-only for the API roles).';
create index task_comments_task_idx on public.task_comments (task_id, created_at);
create index task_comments_author_idx on public.task_comments (author_id);
create trigger stamp_author before insert or update on public.task_comments
  for each row execute function public.stamp_author('author_id');

alter table public.task_comments enable row level security;
create policy "staff read task comments" on public.task_comments
  for select to authenticated using ((select public.is_staff()));
create policy "staff comment on tasks" on public.task_comments
  for insert to authenticated with check ((select public.is_staff()));
create policy "authors remove own comments" on public.task_comments
  for delete to authenticated using ((select public.is_staff()) and author_id = (select auth.uid()));
revoke all on public.task_comments from anon;
revoke update on public.task_comments from authenticated;
