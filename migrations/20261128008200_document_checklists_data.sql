-- The checklists the office starts with (administrators edit them in Configurações): what each common case
-- needs, with an explanation the client reads in the portal. Certidões brasileiras carry the apostille and
-- the certified translation USCIS asks for.

insert into public.document_checklists
  (case_type_id, position, document_name, explanation, is_required, kind, needs_apostille, needs_translation)
values
  -- Green Card por casamento (ajuste de status: I-130, I-130A, I-485, I-864)
  ('ajuste_casamento', 10, 'Passaporte', 'Cópia de todas as páginas do passaporte válido, inclusive as páginas em branco.', true, 'passaporte', false, false),
  ('ajuste_casamento', 20, 'I-94', 'Registro da sua última entrada nos EUA. Baixe em i94.cbp.dhs.gov ou envie foto do cartão recebido na entrada.', true, 'i94', false, false),
  ('ajuste_casamento', 30, 'Certidão de nascimento', 'Certidão de inteiro teor emitida pelo cartório no Brasil, com apostila de Haia. O escritório providencia a tradução certificada para o inglês.', true, 'certidao_nascimento', true, true),
  ('ajuste_casamento', 40, 'Certidão de casamento', 'Certidão de casamento com o cônjuge americano ou residente permanente. Se o casamento foi no Brasil, inteiro teor com apostila de Haia.', true, 'certidao_casamento', true, true),
  ('ajuste_casamento', 50, 'Certidão de antecedentes criminais', 'Atestado de antecedentes da Polícia Federal e, se houver, certidões de processos criminais, com apostila de Haia.', false, 'certidao_antecedentes', true, true),
  ('ajuste_casamento', 60, 'Fotos 2x2', 'Duas fotos coloridas de 5 x 5 cm (2x2 polegadas), fundo branco, tiradas nos últimos 30 dias.', true, 'fotos', false, false),
  ('ajuste_casamento', 70, 'Prova de cidadania ou residência do cônjuge', 'Passaporte americano, certidão de nascimento americana, certificado de naturalização ou Green Card do cônjuge.', true, 'documento_imigracao', false, false),
  ('ajuste_casamento', 80, 'Declarações de imposto de renda do cônjuge', 'IRS tax transcripts dos últimos 3 anos do cônjuge que patrocina o pedido (para o I-864).', true, 'imposto_renda', false, false),
  ('ajuste_casamento', 90, 'Provas do relacionamento', 'Fotos do casal, contrato de aluguel ou escritura em conjunto, conta bancária conjunta, contas no nome dos dois.', true, 'evidencia_relacionamento', false, false),
  ('ajuste_casamento', 100, 'Exame médico (I-693)', 'Formulário I-693 em envelope lacrado, preenchido por médico credenciado pelo USCIS (civil surgeon).', true, 'exame_medico', false, false),
  -- Processo consular (NVC / DS-260)
  ('processo_consular', 10, 'Passaporte', 'Cópia da página de identificação do passaporte válido por pelo menos 6 meses após a entrevista.', true, 'passaporte', false, false),
  ('processo_consular', 20, 'Certidão de nascimento', 'Certidão de inteiro teor emitida pelo cartório no Brasil, com apostila de Haia. O escritório providencia a tradução certificada.', true, 'certidao_nascimento', true, true),
  ('processo_consular', 30, 'Certidão de casamento', 'Se for casado(a): certidão de casamento de inteiro teor, com apostila de Haia.', false, 'certidao_casamento', true, true),
  ('processo_consular', 40, 'Certidão de antecedentes criminais', 'Atestado de antecedentes da Polícia Federal emitido há menos de 1 ano.', true, 'certidao_antecedentes', true, true),
  ('processo_consular', 50, 'Fotos 2x2', 'Foto colorida de 5 x 5 cm (2x2 polegadas), fundo branco, tirada nos últimos 6 meses.', true, 'fotos', false, false),
  ('processo_consular', 60, 'Declarações de imposto de renda do peticionário', 'IRS tax transcripts do último ano (ou dos últimos 3) de quem patrocina o pedido, para o I-864.', true, 'imposto_renda', false, false),
  ('processo_consular', 70, 'Comprovante de renda do patrocinador', 'Holerites dos últimos 6 meses ou carta do empregador com salário e cargo.', true, 'comprovante_financeiro', false, false),
  -- Naturalização (N-400)
  ('naturalizacao', 10, 'Green Card', 'Cópia da frente e do verso do seu Green Card.', true, 'documento_imigracao', false, false),
  ('naturalizacao', 20, 'Passaporte', 'Cópia da página de identificação e dos carimbos de viagem dos últimos 5 anos.', true, 'passaporte', false, false),
  ('naturalizacao', 30, 'Histórico de viagens', 'Lista das viagens para fora dos EUA nos últimos 5 anos, com datas de saída e de volta.', true, 'outro', false, false),
  ('naturalizacao', 40, 'Declarações de imposto de renda', 'IRS tax transcripts dos últimos 5 anos (3 anos se o pedido for pelo casamento com cidadão americano).', true, 'imposto_renda', false, false),
  ('naturalizacao', 50, 'Certidão de casamento', 'Se o pedido for pelos 3 anos de casamento com cidadão americano: certidão de casamento e prova da cidadania do cônjuge.', false, 'certidao_casamento', false, false),
  ('naturalizacao', 60, 'Registros judiciais ou policiais', 'Se já foi preso, multado ou processado: certidões do processo e de como terminou.', false, 'certidao_antecedentes', false, false),
  -- EB-2 NIW (I-140)
  ('eb2_niw', 10, 'Passaporte', 'Cópia da página de identificação do passaporte válido.', true, 'passaporte', false, false),
  ('eb2_niw', 20, 'Diploma e histórico escolar', 'Diplomas de graduação e pós-graduação com histórico escolar. O escritório providencia a tradução certificada.', true, 'diploma', false, true),
  ('eb2_niw', 30, 'Avaliação de equivalência do diploma', 'Credential evaluation feita por empresa reconhecida, mostrando a equivalência ao diploma americano.', true, 'diploma', false, false),
  ('eb2_niw', 40, 'Currículo', 'Currículo atualizado em inglês, com publicações, prêmios e experiência profissional.', true, 'outro', false, false),
  ('eb2_niw', 50, 'Cartas de recomendação', 'De 3 a 6 cartas de especialistas da sua área sobre a importância do seu trabalho.', true, 'carta', false, false),
  ('eb2_niw', 60, 'Plano de trabalho nos EUA', 'Descrição do que você pretende fazer nos EUA e por que isso é de importância nacional (proposed endeavor).', true, 'outro', false, false),
  ('eb2_niw', 70, 'Provas de reconhecimento', 'Publicações, citações, patentes, prêmios, matérias na imprensa, participação em bancas ou associações.', false, 'outro', false, false),
  ('eb2_niw', 80, 'Certidão de nascimento', 'Certidão de inteiro teor com apostila de Haia (para o ajuste de status ou o processo consular).', true, 'certidao_nascimento', true, true),
  ('eb2_niw', 90, 'Certidão de casamento', 'Se o cônjuge for incluído no pedido: certidão de casamento de inteiro teor com apostila de Haia.', false, 'certidao_casamento', true, true),
  -- Asilo (I-589)
  ('asilo', 10, 'Passaporte', 'Cópia de todas as páginas do passaporte, mesmo vencido.', true, 'passaporte', false, false),
  ('asilo', 20, 'I-94', 'Registro da sua entrada nos EUA (i94.cbp.dhs.gov), se houver.', false, 'i94', false, false),
  ('asilo', 30, 'Documento de identidade', 'RG, CNH ou outro documento com foto emitido no seu país.', true, 'documento_identidade', false, true),
  ('asilo', 40, 'Certidão de nascimento', 'Certidão de nascimento sua e de cada filho incluído no pedido. O escritório providencia a tradução certificada.', true, 'certidao_nascimento', false, true),
  ('asilo', 50, 'Certidão de casamento', 'Se o cônjuge for incluído no pedido.', false, 'certidao_casamento', false, true),
  ('asilo', 60, 'Provas da perseguição', 'Boletins de ocorrência, laudos médicos, ameaças recebidas, notícias e fotos que mostrem o que aconteceu.', true, 'outro', false, true),
  ('asilo', 70, 'Fotos 2x2', 'Uma foto colorida de 5 x 5 cm (2x2 polegadas) sua e de cada familiar incluído.', true, 'fotos', false, false),
  -- DACA (renovação)
  ('daca', 10, 'Autorização de trabalho atual', 'Cópia da frente e do verso do seu EAD (cartão de autorização de trabalho) atual.', true, 'documento_imigracao', false, false),
  ('daca', 20, 'Aprovação anterior do DACA', 'Cópia do aviso de aprovação (I-797) do seu último DACA.', true, 'documento_imigracao', false, false),
  ('daca', 30, 'Documento com foto', 'Passaporte ou outro documento de identidade com foto válido.', true, 'passaporte', false, false),
  ('daca', 40, 'Fotos 2x2', 'Duas fotos coloridas de 5 x 5 cm (2x2 polegadas), fundo branco.', true, 'fotos', false, false),
  ('daca', 50, 'Registros judiciais ou policiais', 'Se houve prisão ou processo desde o último pedido: certidões de como terminou.', false, 'certidao_antecedentes', false, false),
  -- Remoção de condições (I-751)
  ('remocao_condicoes', 10, 'Green Card condicional', 'Cópia da frente e do verso do Green Card de 2 anos.', true, 'documento_imigracao', false, false),
  ('remocao_condicoes', 20, 'Certidão de casamento', 'Cópia da certidão de casamento.', true, 'certidao_casamento', false, false),
  ('remocao_condicoes', 30, 'Provas do casamento', 'Contrato de aluguel ou escritura em conjunto, contas conjuntas, seguro, certidões de nascimento dos filhos, fotos.', true, 'evidencia_relacionamento', false, false),
  ('remocao_condicoes', 40, 'Declarações de imposto de renda conjuntas', 'IRS tax transcripts dos anos de casamento, de preferência declarados em conjunto.', true, 'imposto_renda', false, false),
  ('remocao_condicoes', 50, 'Cartas de amigos e familiares', 'Declarações (affidavits) de pessoas que conhecem o casal, com dados de contato.', false, 'carta', false, false),
  -- Autorização de trabalho (I-765)
  ('autorizacao_trabalho', 10, 'Passaporte', 'Cópia da página de identificação do passaporte.', true, 'passaporte', false, false),
  ('autorizacao_trabalho', 20, 'I-94', 'Registro da sua última entrada nos EUA (i94.cbp.dhs.gov).', true, 'i94', false, false),
  ('autorizacao_trabalho', 30, 'Autorização de trabalho anterior', 'Se já teve: cópia da frente e do verso do EAD anterior.', false, 'documento_imigracao', false, false),
  ('autorizacao_trabalho', 40, 'Comprovante da categoria', 'Aviso de recebimento (I-797) do pedido que dá direito à autorização (por exemplo, I-485 ou I-589).', true, 'documento_imigracao', false, false),
  ('autorizacao_trabalho', 50, 'Fotos 2x2', 'Duas fotos coloridas de 5 x 5 cm (2x2 polegadas), fundo branco.', true, 'fotos', false, false),
  -- Documento de viagem (I-131)
  ('documento_viagem', 10, 'Green Card ou autorização de trabalho', 'Cópia da frente e do verso do Green Card ou do EAD.', true, 'documento_imigracao', false, false),
  ('documento_viagem', 20, 'Passaporte', 'Cópia da página de identificação do passaporte.', true, 'passaporte', false, false),
  ('documento_viagem', 30, 'Comprovante do pedido pendente', 'Aviso de recebimento (I-797) do I-485 ou de outro pedido pendente, se houver.', false, 'documento_imigracao', false, false),
  ('documento_viagem', 40, 'Motivo da viagem', 'Carta explicando a viagem e, se houver, passagem, convite ou documento médico.', true, 'carta', false, false),
  ('documento_viagem', 50, 'Fotos 2x2', 'Duas fotos coloridas de 5 x 5 cm (2x2 polegadas), fundo branco.', true, 'fotos', false, false)
on conflict (case_type_id, document_name) do nothing;
