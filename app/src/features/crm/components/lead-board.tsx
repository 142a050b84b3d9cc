/**
 * The CRM board: one column per stage, each paged by the server ("Carregar mais") under its exact count; cards move
 * by drag and drop (pointer or keyboard, dnd-kit).
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Mail, Phone, UserCheck } from 'lucide-react';
import { useId } from 'react';
import { Badge, badgeColor } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/paging';
import { fill } from '@/lib/strings';
import { cn } from '@/lib/utils';
import { useLeadColumn } from '../api/queries';
import { isStage, STAGES, type Lead, type Stage, type StageCounts } from '../lib/leads';
import { crmStrings as t } from '../strings';

function LeadCard({ lead, draggable, onOpen }: { lead: Lead; draggable: boolean; onOpen: (lead: Lead) => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
    disabled: !draggable,
  });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const detailsId = useId();
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn('list-none', isDragging && 'z-10 opacity-80')}
      data-lead={lead.name}
    >
      <Card
        className="cursor-grab gap-1 px-3 py-2 text-sm active:cursor-grabbing"
        {...listeners}
        {...attributes}
        aria-roledescription="cartão arrastável"
        // Named "<lead> — <stage>" by its content; the details read as its description, after the drag instructions.
        aria-describedby={[attributes['aria-describedby'], detailsId].filter(Boolean).join(' ')}
        onClick={() => onOpen(lead)}
        onKeyDown={(event) => {
          listeners?.onKeyDown?.(event);
          if (event.key === 'Enter') onOpen(lead);
        }}
      >
        <span className="font-medium">{lead.name}</span>
        {/* A block of its own, so the name reads "<lead> — <stage>" with its spaces in every browser. */}
        <div className="sr-only">— {t.stages[lead.stage]}</div>
        <div id={detailsId} aria-hidden="true" className="contents">
          {lead.case_type_interest && <span className="text-xs text-muted-foreground">{lead.case_type_interest}</span>}
          <div className="flex flex-wrap items-center gap-1">
            <Badge variant="outline">{t.sources[lead.source] ?? lead.source}</Badge>
            {lead.client_id && (
              <Badge variant="outline" className={badgeColor.green}>
                <UserCheck aria-hidden="true" />
                {t.convertedBadge}
              </Badge>
            )}
          </div>
          <div className="flex gap-2 text-xs text-muted-foreground">
            {lead.email && <Mail className="size-3.5" aria-label={lead.email} />}
            {lead.phone && <Phone className="size-3.5" aria-label={lead.phone} />}
          </div>
        </div>
      </Card>
    </li>
  );
}

function Column({
  stage,
  search,
  count,
  draggable,
  onOpen,
}: {
  stage: Stage;
  search: string;
  count: number | undefined;
  draggable: boolean;
  onOpen: (lead: Lead) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const column = useLeadColumn(stage, search);
  const leads = column.data?.pages.flat() ?? [];
  // "Carregar mais" while the server holds more than the cards shown (the count says so, or the last page was full)
  const more = column.hasNextPage && (count === undefined || leads.length < count);
  return (
    <section
      ref={setNodeRef}
      aria-label={t.stages[stage]}
      data-stage={stage}
      className={cn(
        'flex min-h-40 flex-col gap-2 rounded-lg border bg-muted/40 p-2',
        isOver && 'border-primary bg-primary/5',
      )}
    >
      <h2 className="flex items-center justify-between px-1 text-sm font-semibold">
        {t.stages[stage]}
        <span className="text-xs text-muted-foreground" data-testid="stage-count">
          {count === undefined ? '' : formatCount(count)}
        </span>
      </h2>
      {column.isPending ? (
        <Skeleton className="h-20" />
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {leads.map((lead) => (
              <LeadCard key={lead.id} lead={lead} draggable={draggable} onOpen={onOpen} />
            ))}
          </ul>
          {leads.length === 0 && <p className="px-1 text-xs text-muted-foreground">{t.emptyColumn}</p>}
          {more && (
            <Button
              variant="ghost"
              size="sm"
              disabled={column.isFetchingNextPage}
              aria-label={fill(t.loadMoreIn, { stage: t.stages[stage] ?? stage })}
              onClick={() => void column.fetchNextPage()}
            >
              {column.isFetchingNextPage ? t.loadingMore : t.loadMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** The board for a search: each column pages its own leads from the server; `counts` are the headers' totals. */
export function LeadBoard({
  search,
  counts,
  canEdit,
  onMove,
  onOpen,
}: {
  search: string;
  counts: StageCounts | undefined;
  canEdit: boolean;
  onMove: (lead: Lead, stage: Stage) => void;
  onOpen: (lead: Lead) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  function onDragEnd(event: DragEndEvent) {
    const target = event.over?.id;
    const lead = (event.active.data.current as { lead?: Lead } | undefined)?.lead;
    if (lead && isStage(target) && target !== lead.stage) onMove(lead, target);
  }
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div className="grid gap-3 md:grid-cols-3 xl:grid-cols-5">
        {STAGES.map((stage) => (
          <Column
            key={stage}
            stage={stage}
            search={search}
            count={counts?.[stage]}
            draggable={canEdit}
            onOpen={onOpen}
          />
        ))}
      </div>
    </DndContext>
  );
}
