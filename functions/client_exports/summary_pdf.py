"""The readable pt-BR summary (PDF, fpdf2) that goes into a client's data export."""

from __future__ import annotations

from datetime import datetime

from fpdf import FPDF

TABLE_LABELS = {
    "clients": "Cadastro", "processes": "Processos", "client_documents": "Documentos", "messages": "Mensagens",
    "appointments": "Agendamentos", "tasks": "Tarefas", "interactions": "Atendimentos",
    "financial_contracts": "Contratos", "financial_installments": "Parcelas", "financial_payments": "Pagamentos",
    "financial_quotes": "Orçamentos", "financial_quote_items": "Itens de orçamento",
    "financial_commissions": "Comissões", "document_requests": "Solicitações de documentos",
    "document_request_events": "Histórico das solicitações", "process_events": "Linha do tempo dos processos",
    "process_notifications": "Avisos dos processos", "uscis_receipts": "Recibos USCIS",
    "uscis_status_history": "Histórico de status USCIS", "eoir_court_cases": "Casos na corte (EOIR)",
    "eoir_court_history": "Histórico da corte (EOIR)", "client_questionnaires": "Questionários",
    "client_channel_consents": "Consentimentos de comunicação", "client_record_changes": "Alterações do cadastro",
    "notifications": "Notificações", "user_roles": "Perfil de acesso", "leads": "Contatos comerciais",
    "data_deletion_requests": "Solicitações de exclusão", "task_comments": "Comentários de tarefas",
    "lead_activities": "Atividades comerciais",
    "client_consents": "Aceites dos termos de uso e do aviso de privacidade",
}


def _latin1(text: object) -> str:
    # the PDF core fonts are Latin-1 (enough for Portuguese); anything else becomes '?'
    return str(text if text is not None else "").encode("latin-1", "replace").decode("latin-1")


def summary_pdf(office_name: str, export: dict, generated: datetime) -> bytes:
    tables: dict[str, list[dict]] = export.get("tables") or {}
    client = (tables.get("clients") or [{}])[0]
    pdf = FPDF(format="A4")
    pdf.set_title(_latin1(f"Seus dados - {client.get('full_name', '')}"))
    pdf.set_author(_latin1(office_name))
    pdf.set_margins(20, 20, 20)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 6, _latin1(office_name), new_x="LMARGIN", new_y="NEXT", align="C")
    pdf.ln(6)
    pdf.set_font("Helvetica", "B", 15)
    pdf.cell(0, 9, _latin1("Relatório dos seus dados pessoais (LGPD)"), new_x="LMARGIN", new_y="NEXT", align="C")
    pdf.ln(4)
    pdf.set_font("Helvetica", "", 10)
    for label, value in (("Titular", client.get("full_name")), ("E-mail", client.get("email")),
                         ("Telefone", client.get("phone") or "-"),
                         ("Gerado em", generated.strftime("%d/%m/%Y %H:%M"))):
        pdf.cell(0, 6, _latin1(f"{label}: {value}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.multi_cell(0, 5, _latin1(
        "Este arquivo reúne os dados que o escritório mantém sobre você: cada tabela em formato JSON na pasta "
        "dados/, e os seus documentos e anexos nas pastas documentos/ e anexos/."), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(0, 8, _latin1("Registros por tipo"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    for name in sorted(tables, key=lambda n: TABLE_LABELS.get(n, n)):
        pdf.cell(0, 6, _latin1(f"{TABLE_LABELS.get(name, name)}: {len(tables[name])}"), new_x="LMARGIN",
                 new_y="NEXT")
    processes = tables.get("processes") or []
    if processes:
        pdf.ln(3)
        pdf.set_font("Helvetica", "B", 12)
        pdf.cell(0, 8, "Processos", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 10)
        for p in processes:
            receipt = f" - recibo {p['receipt_number']}" if p.get("receipt_number") else ""
            pdf.multi_cell(0, 5, _latin1(f"#{p.get('id')} {p.get('type', '')} ({p.get('status', '')}){receipt}"),
                           new_x="LMARGIN", new_y="NEXT")
    documents = export.get("documents") or []
    if documents:
        pdf.ln(3)
        pdf.set_font("Helvetica", "B", 12)
        pdf.cell(0, 8, "Documentos", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 10)
        for d in documents:
            pdf.multi_cell(0, 5, _latin1(f"- {d.get('name', '')}"), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
