// Issue 23: the exact KNG sampler's measured acceptance rate on affine-invariant SPD(3) (r = 1.5 about I, epsilon = 1)
// against its public lower bound, on four datasets including adversarial ones. Build the repository, then:
//   javac -cp cli/target/mdp.jar -d /tmp/acc benchmarks/kng-acceptance/AcceptProbe.java
//   java -cp cli/target/mdp.jar:/tmp/acc AcceptProbe N RELEASES     (e.g. 1000 100)
import dev.manifolddp.mechanisms.*;
import dev.manifolddp.estimators.*;
import dev.manifolddp.geometry.*;
import dev.manifolddp.sampling.random.RandomStreams;
import java.util.*;
public class AcceptProbe {
  // records exp(S) with S symmetric 3x3 of Frobenius norm <= 1.5 (affine-invariant distance from I)
  static double[] expSym(double[] s) {
    Geometry g = Geometries.parse("spd/affine-invariant:k=3");
    double[] i3 = {1,0,0,0,1,0,0,0,1}; double[] out = new double[9]; g.exp(i3, s, out); return out; }
  static double[] sym(Random r, double norm) { double[] s=new double[9]; for(int i=0;i<3;i++)for(int j=i;j<3;j++){double v=r.nextGaussian(); s[i*3+j]=v; s[j*3+i]=v;} double f=0; for(double v:s) f+=v*v; f=Math.sqrt(f); for(int i=0;i<9;i++) s[i]*=norm/f; return s; }
  public static void main(String[] a) {
    Geometry g = Geometries.parse("spd/affine-invariant:k=3");
    int n = Integer.parseInt(a[0]); double r = 1.5; Random rnd = new Random(5);
    double[] i3 = {1,0,0,0,1,0,0,0,1};
    DataBall ball = DataBall.declared(i3, r);
    double[] b = sym(rnd, r*(1-1e-9));
    double[] bneg = b.clone(); for (int i=0;i<9;i++) bneg[i]=-bneg[i];
    Map<String,double[][]> sets = new LinkedHashMap<>();
    double[][] uni = new double[n][]; for (int i=0;i<n;i++) uni[i]=expSym(sym(rnd, r*Math.cbrt(rnd.nextDouble())*0.999)); sets.put("random in ball", uni);
    double[][] same = new double[n][]; for (int i=0;i<n;i++) same[i]=expSym(b); sets.put("all at one boundary point", same);
    double[][] two = new double[n][]; for (int i=0;i<n;i++) two[i]=expSym(i%2==0?b:bneg); sets.put("half at b, half at -b", two);
    double[][] shell = new double[n][]; for (int i=0;i<n;i++) shell[i]=expSym(sym(rnd, r*0.999)); sets.put("all on the boundary sphere", shell);
    KNormGradient kng = KNormGradient.builder().sampler(KNormGradient.Sampler.EXACT).build();
    for (var e : sets.entrySet()) {
      long proposals = 0; int releases = Integer.parseInt(a[1]); Object alpha = null;
      for (int k = 0; k < releases; k++) {
        Release<double[]> rel = kng.release(g, e.getValue(), ball, PrivacyBudget.pure(1), RandomStreams.seeded(7).stream(k, 0));
        proposals += rel.sampler().proposals(); alpha = rel.parameters().get("acceptanceLowerBound");
      }
      System.out.printf("%s: measured acceptance %.4f (%d releases), public bound %s%n", e.getKey(), releases/(double)proposals, releases, alpha);
    }
  }
}
