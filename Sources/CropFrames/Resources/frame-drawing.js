function cropsimDrawFrame(svg,f,width){
  var NS='http://www.w3.org/2000/svg';
  function num(x,d){return String(Math.round(x*Math.pow(10,d))/Math.pow(10,d));}
  function set(el,attrs){for(var k in attrs)el.setAttribute(k,attrs[k]);}
  function q(c){return svg.querySelector('.'+c);}
  var vw=f.vw,vh=f.vh,r=f.r,cx=vw/2,cy=vh/2,w=f.img[0]*f.scale,h=f.img[1]*f.scale,tx=f.tx,ty=f.ty;
  set(svg,{viewBox:'0 0 '+vw+' '+vh,width:num(width,2),height:num(width*vh/vw,2)});
  set(q('f-bg'),{width:vw,height:vh});
  set(q('f-photo'),{x:num(cx+tx-w/2,2),y:num(cy+ty-h/2,2),width:num(w,2),height:num(h,2)});
  if(f.angle)q('f-photo').setAttribute('transform','rotate('+num(f.angle,3)+' '+num(cx+tx,2)+' '+num(cy+ty,2)+')');else q('f-photo').removeAttribute('transform');
  var guide=q('f-guide');if(guide)set(guide,{x2:vw,y1:cy,y2:cy,display:f.guide?'inline':'none'});
  var label=q('f-angle');if(label){label.textContent=Math.round(f.angle||0)+'°';set(label,{x:cx,y:Math.max(cy-r-14,18),display:f.label?'inline':'none'});}
  set(q('f-dim'),{d:'M0 0H'+vw+'V'+vh+'H0Z M'+num(cx-r,2)+' '+num(cy,2)+'a'+r+' '+r+' 0 1 0 '+num(2*r,2)+' 0a'+r+' '+r+' 0 1 0 '+num(-2*r,2)+' 0Z'});
  set(q('f-gv'),{x1:cx,x2:cx,y1:cy-r,y2:cy+r});set(q('f-gh'),{x1:cx-r,x2:cx+r,y1:cy,y2:cy});
  q('f-grid').setAttribute('display',f.grid?'inline':'none');
  set(q('f-ring'),{cx:cx,cy:cy,r:r});
  set(q('f-instr'),{x:vw/2,y:Math.min(cy+r+34,vh-16),display:f.instr?'inline':'none'});
  var touches=q('f-touches');
  while(touches.firstChild)touches.removeChild(touches.firstChild);
  var t=f.touches;for(var k=0;k+1<t.length;k+=2){var c=document.createElementNS(NS,'circle');set(c,{cx:t[k],cy:t[k+1],r:22.0});touches.appendChild(c);}
}
