// White space and line terminators of every kind.
var	tab = 1;varvt = 2;varff = 3;var nbsp = 4;var﻿bom = 5;
var ls = 6 var ps = 7 var zs　= 8 ;
var ident\u0041 = 11, \u{62}c = 12, ünïcödé = 13, $dollar = 14, _under = 15, ℮ = 16
