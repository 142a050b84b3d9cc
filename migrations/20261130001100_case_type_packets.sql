-- The packets of the case types whose forms now have mapping packs: the office's attorney files a G-28 with
-- each (I-751 removal of conditions, I-90 card renewal, I-131 travel document, EB-2 NIW). A case type an
-- administrator already changed in Configurações keeps the office's own list.
update public.case_types set forms = 'I-751, G-28' where id = 'remocao_condicoes' and forms = 'I-751';
update public.case_types set forms = 'I-90, G-28' where id = 'substituicao_green_card' and forms = 'I-90';
update public.case_types set forms = 'I-131, G-28' where id = 'documento_viagem' and forms = 'I-131';
update public.case_types set forms = 'I-140, I-485, I-765, I-131, G-28'
  where id = 'eb2_niw' and forms in ('I-140, I-485, I-765, I-131', 'I-140, I-485');
